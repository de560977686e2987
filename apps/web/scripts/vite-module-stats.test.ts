// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { displayModuleId } from './vite-module-stats.mjs';

describe('displayModuleId', () => {
  const workspace = '/repo';

  it('shows a dependency from its node_modules folder on', () => {
    expect(displayModuleId('/repo/node_modules/react-dom/cjs/x.js', workspace)).toBe(
      'node_modules/react-dom/cjs/x.js',
    );
    expect(displayModuleId('/repo/node_modules/a/node_modules/b/i.js?commonjs-es', workspace)).toBe(
      'node_modules/b/i.js',
    );
  });

  it('shows the rest relative to the workspace, without queries or the NUL of virtual modules', () => {
    expect(
      displayModuleId('/repo/apps/web/app/root.tsx?__react-router-build-client-route', workspace),
    ).toBe('apps/web/app/root.tsx');
    expect(displayModuleId('\0rolldown/runtime.js', workspace)).toBe('rolldown/runtime.js');
    expect(displayModuleId('/elsewhere/x.js', workspace)).toBe('/elsewhere/x.js');
  });
});
