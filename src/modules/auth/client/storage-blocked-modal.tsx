// a browser that blocks local storage cannot keep anyone signed in. The dialog
// cannot be dismissed: there is nothing to do on this page until storage is allowed.
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Modal.css';
import { Modal, Text } from '@mantine/core';

export const STORAGE_BLOCKED_TITLE = 'Local storage is required';

export default function StorageBlockedModal() {
  return (
    <Modal
      opened
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      title={STORAGE_BLOCKED_TITLE}
    >
      <Text>
        Stafflane needs your browser&apos;s local storage to keep you signed in, and this browser is blocking it. Please allow local storage
        for this site in your browser settings and refresh the page, or use another browser.
      </Text>
    </Modal>
  );
}
