// Drawing a signature with a finger, a pen or a mouse (pointer events on a canvas), exported
// as a PNG data URL; Clear starts again.
import { Button, Group, Paper, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';

export function SignaturePad({ onChange }: { onChange: (dataUrl: string | null) => void }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const drawn = useRef(false);

  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const ratio = window.devicePixelRatio || 1;
    element.width = element.clientWidth * ratio;
    element.height = element.clientHeight * ratio;
    const context = element.getContext('2d')!;
    context.scale(ratio, ratio);
    context.lineWidth = 2.2;
    context.lineCap = 'round';
    context.lineJoin = 'round';
    context.strokeStyle = '#1a1b4b';
  }, []);

  const point = (event: React.PointerEvent<HTMLCanvasElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - box.left, y: event.clientY - box.top };
  };
  const start = (event: React.PointerEvent<HTMLCanvasElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    drawing.current = true;
    const context = event.currentTarget.getContext('2d')!;
    const { x, y } = point(event);
    context.beginPath();
    context.moveTo(x, y);
    context.lineTo(x + 0.1, y + 0.1);
    context.stroke();
  };
  const move = (event: React.PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    const context = event.currentTarget.getContext('2d')!;
    const { x, y } = point(event);
    context.lineTo(x, y);
    context.stroke();
    drawn.current = true;
  };
  const end = () => {
    if (!drawing.current) return;
    drawing.current = false;
    if (drawn.current && canvas.current) onChange(canvas.current.toDataURL('image/png'));
  };
  const clear = () => {
    const element = canvas.current;
    if (!element) return;
    element.getContext('2d')!.clearRect(0, 0, element.width, element.height);
    drawn.current = false;
    onChange(null);
  };

  return (
    <Paper withBorder radius="md" p={4}>
      <canvas
        ref={canvas}
        aria-label="Draw your signature here"
        data-testid="signature-pad"
        style={{ width: '100%', height: 160, touchAction: 'none', display: 'block', cursor: 'crosshair' }}
        onPointerDown={start}
        onPointerMove={move}
        onPointerUp={end}
        onPointerLeave={end}
      />
      <Group justify="space-between" px={4}>
        <Text size="xs" c="dimmed">
          Sign above with your finger, pen or mouse.
        </Text>
        <Button size="compact-xs" variant="subtle" onClick={clear}>
          Clear
        </Button>
      </Group>
    </Paper>
  );
}
