// The signed-in frame made of this app's modules: the shell's layout with the module list
// handed down (menus, dashboard, banners, tools). The signed-in routes render this, so the
// list loads with the signed-in chunk, never with the sign-in page.
import type { ComponentProps } from 'react';
import { ClientModulesProvider } from '../../client/shell/client-modules';
import { SignedInLayout } from '../../client/shell/signed-in-layout';
import { clientModules } from './modules';

export function SignedInFrame(props: ComponentProps<typeof SignedInLayout>) {
  return (
    <ClientModulesProvider modules={clientModules}>
      <SignedInLayout {...props} />
    </ClientModulesProvider>
  );
}
