// The kinds of to-do the modules send, each declared in its module's registration (`todos`) with
// what ends it. notify() refuses a to-do of a kind no registration declares, so a new kind of
// Action Required cannot go out without saying what ends it — and the to-do test
// (tests/server/notifications/todos-every-module.test.ts) requires a case for every declaration.
import type { ServerModule } from '../server-module';

export type TodoDeclaration = {
  /** "<module thing>.<what is asked>", e.g. 'notice.acknowledge'; stored on the notification. */
  kind: string;
  /** The event that ends it, as a sentence: what the module does in the transaction that resolves it. */
  endedBy: string;
  /**
   * 'recipient': the doing is personal (acknowledge, sign), so it ends for the one who did it and
   * the others keep theirs; 'everyone': one decision serves all who were asked (approve a request
   * any approver may decide), so it ends for everyone who had it.
   */
  endsFor: 'recipient' | 'everyone';
};

/** Kind → the declaring module's name, from every module list the platform was made with. */
const declared = new Map<string, { module: string; declaration: TodoDeclaration }>();

/** Every declaration of the modules, with its module; throws on a kind two modules declare. */
export function collectTodoKinds(modules: readonly ServerModule[]): Array<{ module: string; declaration: TodoDeclaration }> {
  const seen = new Map<string, string>();
  const all: Array<{ module: string; declaration: TodoDeclaration }> = [];
  for (const module of modules) {
    for (const declaration of module.todos ?? []) {
      const other = seen.get(declaration.kind);
      if (other) throw new Error(`To-do kind '${declaration.kind}' is declared by both ${other} and ${module.name}`);
      seen.set(declaration.kind, module.name);
      all.push({ module: module.name, declaration });
    }
  }
  return all;
}

/** Called where the platform is made from a module list (createAppDeps, the seed): their kinds may be sent. */
export function declareTodoKinds(modules: readonly ServerModule[]): void {
  for (const entry of collectTodoKinds(modules)) {
    const known = declared.get(entry.declaration.kind);
    if (known && known.module !== entry.module) {
      throw new Error(`To-do kind '${entry.declaration.kind}' is declared by both ${known.module} and ${entry.module}`);
    }
    declared.set(entry.declaration.kind, entry);
  }
}

/** The declaration of a kind about to be sent or resolved; a programming error when no registration declares it. */
export function requireTodoKind(kind: string): TodoDeclaration {
  const found = declared.get(kind);
  if (!found) {
    throw new Error(
      `To-do kind '${kind}' is declared by no module: add it to the module's registration (todos) with the event that ends it`,
    );
  }
  return found.declaration;
}
