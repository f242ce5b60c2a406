// The little of oidc-provider's API the local provider uses (the package ships no types).
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  type KoaContext = { path: string; status: number; body: unknown };
  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    use(middleware: (ctx: KoaContext, next: () => Promise<void>) => Promise<void>): void;
    Grant: new (options: { clientId: string; accountId: string }) => { addOIDCScope(scope: string): void; save(): Promise<string> };
  }
}
