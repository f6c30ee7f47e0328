/**
 * The East Wind Rain board: the situation (initiative, ERs, losses), the scenario map, the
 * two task forces as the view gives them (your own whole; the enemy only its hex when you
 * know it, the components it declared and whether it has submarines), and the flowchart.
 */
import { Emblem } from '../../board/counter';
import type { HexPlay } from '../hex/play';
import { sideName } from '../../links';
import { FlowchartView } from './flowchart';
import { EwrMap } from './map';
import { hexKey, isOwnTf, ROLE_NAMES, type EwrView, type OwnTfView, type Part, type Role, type TfView, type Flowchart } from './types';

const PARTS: Part[] = ['main', 'screen', 'reserve', 'submarines'];

function OwnTf({ tf, mine }: { tf: OwnTfView; mine: boolean }) {
  return (
    <section class={`tf-card ${tf.side}`} aria-label={`${mine ? 'Your task force' : 'Task force'} ${tf.name}`} data-testid={`tf-card-${tf.role}`}>
      <h3>
        <svg class="emblem-inline" width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
          <Emblem side={tf.side} x={8} y={8} r={7} />
        </svg>{' '}
        {ROLE_NAMES[tf.role]} — {sideName(tf.side)} {tf.name}
        {mine ? ' (yours)' : ''}
      </h3>
      <p class="tf-facts">
        {tf.hex ? `Hex ${hexKey(tf.hex)}` : tf.offMap ? 'Off the map' : 'Hex unknown'}
        {tf.refuelling ? ' · in port, refuelling (VIII.D)' : tf.retreating ? ' · retreating (must refuel)' : ''} · morale {tf.morale.effective}
        {tf.morale.reservePenalty ? ` (rating ${tf.morale.rating}, −${tf.morale.reservePenalty} reserve)` : ''} · air {tf.factors.air}, surface {tf.factors.surface}, ASW{' '}
        {tf.factors.asw}
        {tf.factors.submarines ? `, submarines ${tf.factors.submarines}` : ''}
      </p>
      <div class="table-scroll">
        <table class="ships">
          <thead>
            <tr>
              <th scope="col">Part</th>
              <th scope="col">Ship</th>
              <th scope="col">Type</th>
              <th scope="col">Air</th>
              <th scope="col">Surf.</th>
              <th scope="col">ASW</th>
              <th scope="col">Hits</th>
            </tr>
          </thead>
          <tbody>
            {PARTS.flatMap((p) =>
              (tf.parts[p] ?? []).map((s, i) => (
                <tr key={s.id} class={s.sunk ? 'sunk' : s.hits ? 'hit' : ''}>
                  <td>{i === 0 ? p : ''}</td>
                  <td>
                    {s.name}
                    {s.sunk ? ' (sunk)' : ''}
                  </td>
                  <td>{s.type}</td>
                  <td>{s.air ? `${s.air - s.airLost}/${s.air}` : '—'}</td>
                  <td>{s.surface}</td>
                  <td>{s.asw}</td>
                  <td>
                    {s.hits}/{s.hull}
                  </td>
                </tr>
              )),
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function OtherTf({ tf, enemy }: { tf: TfView; enemy: boolean }) {
  const comps = isOwnTf(tf) ? null : tf.components;
  return (
    <section class={`tf-card ${tf.side}`} aria-label={`${enemy ? 'Enemy task force' : 'Task force'} ${tf.name}`} data-testid={`tf-card-${tf.role}`}>
      <h3>
        <svg class="emblem-inline" width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
          <Emblem side={tf.side} x={8} y={8} r={7} />
        </svg>{' '}
        {ROLE_NAMES[tf.role]} — {sideName(tf.side)} {tf.name}
      </h3>
      <ul class="tf-known">
        <li>{tf.hex ? `Known at hex ${hexKey(tf.hex)}` : tf.offMap ? 'Left the map' : 'Position unknown'}</li>
        {tf.refuelling ? <li>In port, refuelling (cannot intercept; attacked from the air only, VIII.D)</li> : tf.retreating && <li>Retreating</li>}
        <li>Components: {comps ? (comps.length ? comps.join(', ') : 'none') : 'not declared'}</li>
        {!isOwnTf(tf) && tf.hasSubmarines && <li>Has submarines (how many is not known)</li>}
      </ul>
    </section>
  );
}

export interface EwrBoardProps {
  view: EwrView;
  /** The flowchart (the game's public data). */
  data: Flowchart;
  play?: HexPlay | undefined;
  highlight?: ReadonlySet<string> | undefined;
  zoom?: number;
}

export function EwrBoard({ view, data: chart, play, highlight, zoom = 1 }: EwrBoardProps) {
  const init = view.initiative;
  const roles: Role[] = view.you === 'tfz' ? ['tfz', 'tfa'] : ['tfa', 'tfz'];
  return (
    <div class="ewr-board" data-game="ewr">
      <div class="ewr-status" role="group" aria-label="Situation" data-testid="ewr-status">
        <span>
          <strong>{view.scenario.name}</strong> ({view.scenario.year})
        </span>
        <span>
          TFA: {sideName(view.roles.tfa)} · TFZ: {sideName(view.roles.tfz)}
          {view.you ? ` · you are ${ROLE_NAMES[view.you]}` : ''}
        </span>
        <span
          data-testid="ewr-mission"
          title={`${sideName(view.roles.tfa)} ${view.mission.points} VP if achieved; ${sideName(view.roles.tfz)} ${view.mission.deniedPoints} VP if not`}
        >
          Mission: {view.mission.text}
          {view.mission.achieved ? ` — achieved in initiative ${view.mission.achievedIn}` : ''}
        </span>
        <span data-testid="ewr-initiative">
          {init
            ? `Initiative ${init.number} (${init.due} ER${init.due === 1 ? '' : 's'} once TFA moves${init.doubled ? ', doubled by X.I.4' : ''})${init.movesLeft !== undefined ? `, ${init.movesLeft} move${init.movesLeft === 1 ? '' : 's'} left` : ''}${init.intercepted ? ', intercept tried' : ''}`
            : `Between initiatives (${view.history.length} done); next costs ${view.nextInitiative.cost} ER${view.nextInitiative.cost === 1 ? '' : 's'}${view.nextInitiative.doubled ? ' — doubled (X.I.4)' : ''}`}
          {view.nextInitiative.ersAvailable !== undefined ? ` · ERs available ${view.nextInitiative.ersAvailable}` : ''}
        </span>
        <span data-testid="ewr-losses">
          Losses (hits and air factors): Allied {view.losses.allied}, Japanese {view.losses.japanese}
        </span>
        {view.yourAllocation && (
          <span class="sealed" data-testid="your-allocation">
            Your sealed allocation: CAP {view.yourAllocation.cap}, escort {view.yourAllocation.escort}, strike {view.yourAllocation.strike}
          </span>
        )}
      </div>
      <div class="ewr-top">
        <div class={`ewr-mapwrap${zoom > 1 ? ' zoomed' : ''}`}>
          <EwrMap view={view} play={play} highlight={highlight} zoom={zoom} />
          <div class="map-key" aria-hidden="true">
            <span>⚓ base (■ A Allied, ● J Japanese; large emblem: major)</span>
            <span>◆ economic marker (value; struck through: spent)</span>
            <span>TFA / TFZ: task forces where you know them (dashed: the enemy)</span>
          </div>
        </div>
        <div class="tf-cards">
          {roles.map((r) => {
            const tf = view.tfs[r];
            if (!tf) return null;
            return isOwnTf(tf) ? <OwnTf key={r} tf={tf} mine={view.you === r} /> : <OtherTf key={r} tf={tf} enemy={!!view.you && view.you !== r} />;
          })}
        </div>
      </div>
      <FlowchartView chart={chart} step={view.step} walked={view.walked} />
    </div>
  );
}
