// The modules the app is made of, as the shell reads them: the composition's signed-in routes
// provide the list (src/app/client/modules.ts) and the shell's collectors take it from here, so
// the platform names no module.
import { createContext, useContext, type ReactNode } from 'react';
import type { ClientModule } from './client-module';

const ClientModulesContext = createContext<readonly ClientModule[]>([]);

export function ClientModulesProvider({ modules, children }: { modules: readonly ClientModule[]; children: ReactNode }) {
  return <ClientModulesContext.Provider value={modules}>{children}</ClientModulesContext.Provider>;
}

export function useClientModules(): readonly ClientModule[] {
  return useContext(ClientModulesContext);
}
