// Where the toasts are drawn: their container (a chunk of its own, src/client/shell/toast-container.tsx)
// is mounted once it has arrived and the first toast has been asked for; a toast asked for before
// then waits in its store and shows as the container mounts.
import { useEffect, useState, type ComponentType } from 'react';
import { firstToast, loadToasts } from './toasts';

export function ToastHost() {
  const [Container, setContainer] = useState<ComponentType | null>(null);
  useEffect(() => {
    let active = true;
    Promise.all([loadToasts, firstToast]).then(
      ([module]) => active && setContainer(() => module.ToastContainer),
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, []);
  return Container ? <Container /> : null;
}
