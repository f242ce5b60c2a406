import { useMutation } from '@tanstack/react-query';
import { fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { RemoveDialog } from './confirm-dialog';
import { renderWithApp } from './test-render';

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
