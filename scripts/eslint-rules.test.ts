// The project's own lint rules for client code, run through ESLint with the project's config:
// Mantine's hooks that read the screen or the network after the first render are refused, each
// naming the app's hook that reads it while rendering (docs/architecture.md).
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

async function messagesFor(code: string, file: string): Promise<string[]> {
  const [result] = await new ESLint({ cwd: root }).lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((message) => message.message);
}

describe('the lint rules for client code', () => {
  it("refuse Mantine's useMediaQuery and useNetwork, naming usePhone and useOnline", async () => {
    const messages = await messagesFor(
      "import { useMediaQuery, useNetwork } from '@mantine/hooks';\nexport const hooks = [useMediaQuery, useNetwork];\n",
      'src/modules/rotas/client/lint-probe.ts',
    );
    expect(messages).toHaveLength(2);
    expect(messages[0]).toContain('Use usePhone or useScreenQuery');
    expect(messages[1]).toContain('Use useOnline');
  });

  it("let client code use Mantine's other hooks", async () => {
    expect(
      await messagesFor(
        "import { useDebouncedValue } from '@mantine/hooks';\nexport const hook = useDebouncedValue;\n",
        'src/client/ui/lint-probe.ts',
      ),
    ).toEqual([]);
  });
});
