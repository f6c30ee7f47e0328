/** The time banks' pause over HTTP (a seat token): propose or agree to a pause, resume (src/matches/time-bank.ts). */
import { StateBodySchema } from '../protocol';
import type { MatchService } from '../matches/service';
import type { App } from './app-type';
import { seatCommand } from './seat-command';

export function clockRoutes(app: App, { service }: { service: MatchService }): void {
  seatCommand(
    app,
    service,
    '/api/matches/:id/pause',
    {
      tags: ['play'],
      summary: "Propose a pause of the time banks (a holiday), or agree to the other player's: no bank runs until either resumes (seat token)",
      response: StateBodySchema,
    },
    (matchId, viewer) => service.banks.pause(matchId, viewer),
  );
  seatCommand(
    app,
    service,
    '/api/matches/:id/resume',
    { tags: ['play'], summary: 'Resume paused time banks, or withdraw or decline a proposed pause (seat token)', response: StateBodySchema },
    (matchId, viewer) => service.banks.resume(matchId, viewer),
  );
}
