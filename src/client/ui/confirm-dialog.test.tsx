import { useMutation } from '@tanstack/react-query';
import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ConfirmDialog, RemoveDialog } from './confirm-dialog';
import { countingDrawings, renderWithApp } from './test-render';

type Device = { id: string; name: string };

function Devices({ refuse }: { refuse: boolean }) {
  const [devices, setDevices] = useState<Device[]>([{ id: 'd1', name: 'Pixel 8' }]);
  const [removing, setRemoving] = useState<Device | null>(null);
  const remove = useMutation({
    mutationFn: async (id: string) => {
      if (refuse) throw new Error('The last device cannot be removed.');
      setDevices((all) => all.filter((device) => device.id !== id));
    },
  });
  return (
    <>
      {devices.map((device) => (
        <button key={device.id} onClick={() => setRemoving(device)}>{`Remove ${device.name}`}</button>
      ))}
      <RemoveDialog
        item={removing}
        title="Remove device"
        message={(device) => `${device.name} will no longer show your notifications.`}
        removal={remove}
        removed={(device) => `${device.name} removed.`}
        onClose={() => setRemoving(null)}
      />
    </>
  );
}

describe('RemoveDialog', () => {
  it('asks about the item, removes it by id, closes and says so', async () => {
    renderWithApp(<Devices refuse={false} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Pixel 8' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove device' });
    expect(dialog).toHaveTextContent('Pixel 8 will no longer show your notifications.');
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Pixel 8 removed.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove Pixel 8' })).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps a refusal in the dialog, and Cancel clears it', async () => {
    renderWithApp(<Devices refuse />);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Pixel 8' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove device' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The last device cannot be removed.');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Pixel 8' }));
    expect(within(await screen.findByRole('dialog', { name: 'Remove device' })).queryByRole('alert')).not.toBeInTheDocument();
  });
});

function DeleteNote() {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <button onClick={() => setOpened(true)}>Delete</button>
      <ConfirmDialog
        opened={opened}
        title="Delete note"
        message="The note is deleted for everyone."
        confirmLabel="Delete note"
        busy={false}
        onConfirm={() => setOpened(false)}
        onClose={() => setOpened(false)}
      />
    </>
  );
}

describe('ConfirmDialog', () => {
  it('opens when asked and closes on Cancel', async () => {
    renderWithApp(<DeleteNote />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('dialog', { name: 'Delete note' })).toHaveTextContent('The note is deleted for everyone.');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('dialog', { name: 'Delete note' })).toBeInTheDocument();
  });

  it('closed, draws its page once: a closed Modal set up its portal in a second drawing of every page that had one', async () => {
    // Mantine as the app runs it (renderWithApp's test mode has no portals or transitions).
    const { element, drawings } = countingDrawings(<DeleteNote />);
    render(<MantineProvider>{element}</MantineProvider>);
    await screen.findByRole('button', { name: 'Delete' });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(drawings).toEqual(['mount']);
  });
});
