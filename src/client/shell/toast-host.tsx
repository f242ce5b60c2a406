// Where the toasts are drawn: their container (a chunk of its own, src/client/shell/toast-container.tsx)
// is mounted once it has arrived and a toast is to be shown, then stays; drawn with every page, it
// set up a portal and six transition groups with nothing to show.
import { useEffect, useState, type ComponentType } from 'react';
import { loadToasts } from './toasts';

export function ToastHost() {
  const [Container, setContainer] = useState<ComponentType | null>(null);
  useEffect(() => {
    let active = true;
    let stop: () => void = () => undefined;
    loadToasts.then(
      (module) => {
        if (active) stop = module.whenToastShown(() => setContainer(() => module.ToastContainer));
      },
      () => undefined,
    );
    return () => {
      active = false;
      stop();
    };
  }, []);
  return Container ? <Container /> : null;
}
