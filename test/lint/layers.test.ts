/**
 * The layers' import rule (scripts/lint/layers.cjs) against the boundaries issue 17 sets:
 * the engine and the games import nothing from the match service, the server, the store or
 * the web client; only the store imports Prisma and its generated client; the web client
 * takes only types from the server side (`import type`, through src/protocol).
 */
import { join } from 'node:path';
import { RuleTester, type Rule } from 'eslint';
import tseslint from 'typescript-eslint';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const layers = require('../../scripts/lint/layers.cjs') as { rules: { imports: Rule.RuleModule } };

const SRC = join(__dirname, '..', '..', 'src');
const at = (file: string, code: string) => ({ filename: join(SRC, file), code });
const bad = (file: string, code: string, messageId: string) => ({ ...at(file, code), errors: [{ messageId }] });

const tester = new RuleTester({ languageOptions: { parser: tseslint.parser as never, ecmaVersion: 2023, sourceType: 'module' } });

tester.run('layers/imports', layers.rules.imports, {
  valid: [
    at('games/ssj/battle.ts', "import { RuleError } from '../../engine';"),
    at('games/index.ts', "import type { GameModule } from '../engine';"),
    at('bots/play.ts', "import { GAMES } from '../games';"),
    at('protocol/games/ssj.ts', "export type { SsjView } from '../../games/ssj/view';"),
    at('protocol/state.ts', "import type { Prompt } from '../engine';"),
    at('protocol/state.ts', "import { z } from 'zod';"),
    at('web/match.tsx', "import type { StateBody } from '../protocol';"),
    at('web/match.tsx', "import { gameOf } from './games/registry';"),
    at('web/games/ssj/index.tsx', "import { register } from '../registry';"),
    at('web/games/ssj/board/board.tsx', "import type { SsjView } from '../../../../protocol/games/ssj';"),
    at('web/hexgames-lazy.ts', "export type HexGames = typeof import('./hexgames');"),
    at('web/socket.ts', "import { io } from 'socket.io-client';"),
    at('web/verify-file.tsx', "const v = import('../verifier/browser');"),
    at('web/verify-file.tsx', "import type { Verification } from '../verifier/browser';"),
    at('verifier/browser.ts', "import { GAMES } from '../games';"),
    at('verifier/file.ts', "import { z } from 'zod';"),
    at('store/prisma.ts', "import { PrismaClient } from './generated/client';"),
    at('store/prisma.ts', "import { PrismaPg } from '@prisma/adapter-pg';"),
    at('server/routes-matches.ts', "import { hashToken } from '../matches/service';"),
    at('matches/service.ts', "import type { PrismaClient } from '../store/prisma';"),
  ],
  invalid: [
    bad('engine/memo.ts', "import { MatchService } from '../matches/service';", 'layer'),
    bad('games/ssj/index.ts', "import { buildApp } from '../../server/app';", 'layer'),
    bad('games/ewr/view.ts', "import type { PrismaClient } from '../../store/prisma';", 'layer'),
    bad('games/eots-subwar/view.ts', "import { api } from '../../web/api';", 'layer'),
    bad('games/ssj/view.ts', "import type { StateBody } from '../../protocol';", 'layer'),
    bad('protocol/state.ts', "import { RuleError } from '../engine';", 'typeOnly'),
    bad('protocol/state.ts', "import type { Live } from '../matches/live';", 'layer'),
    bad('web/match.tsx', "import { StateBody } from '../protocol';", 'typeOnly'),
    // An inline `type` keeps the import (and the module's side effects) under verbatimModuleSyntax.
    bad('web/match.tsx', "import { type StateBody } from '../protocol';", 'typeOnly'),
    bad('web/match.tsx', "import { BASES } from '../games/ssj/data';", 'layer'),
    bad('web/games/ssj/board.tsx', "import { BASES } from '../../../games/ssj/data';", 'layer'),
    bad('web/games/ssj/board.tsx', "import type { SsjView } from '../../../games/ssj/view';", 'layer'),
    bad('web/match.tsx', "const data = import('../games/ssj/data');", 'layer'),
    bad('web/api.ts', "import { z } from 'zod';", 'bundle'),
    // The verifier comes into the page only on demand, in its own chunk.
    bad('web/verify-file.tsx', "import { verifyMatchFile } from '../verifier/browser';", 'typeOnly'),
    bad('verifier/file.ts', "import { sha256 } from '../matches/tokens';", 'layer'),
    bad('web/api.ts', "import { createHash } from 'node:crypto';", 'bundle'),
    bad('matches/lobby.ts', "import { Prisma } from '../store/generated/client';", 'prisma'),
    bad('server/app.ts', "import { PrismaPg } from '@prisma/adapter-pg';", 'prisma'),
    bad('cli/db.ts', "export * from '../store/generated/models';", 'prisma'),
  ],
});
