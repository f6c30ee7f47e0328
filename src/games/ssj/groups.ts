/**
 * Copy-on-write of the task force groups, as units.ts does for the units: copies of the state
 * (clone.ts) share the record of groups, and the groups in it, until a step changes one. Copying
 * every group on every step was a tenth of what cloning a state cost, and most steps change none.
 *
 * Frozen means shared: when a state is cloned (`shareGroups`) or a view is made of it
 * (`sealGroups`), its record and every group in it are frozen, ships and all. A step that changes
 * a group goes through `ownGroup`, which copies a frozen group, and the record once a step; a group
 * or record that is not frozen is the step's own and changes in place. So a frozen group is never
 * changed, and a group's identity says whether it changed (view.ts keeps its group views by it).
 */
import type { Group, GroupFields, SsjState } from './state';

/** Freezes the groups of `s` and the record of them: from now on a change copies them. */
export function sealGroups(s: SsjState): void {
  const groups = s.groups;
  // A frozen record holds only frozen groups: it was sealed as a whole.
  if (Object.isFrozen(groups)) return;
  for (const id in groups) {
    const g = groups[id]!;
    if (Object.isFrozen(g)) continue;
    Object.freeze(g.ships);
    Object.freeze(g);
  }
  Object.freeze(groups);
}

/** The groups of `s` for a copy of it to share (clone.ts): `s` keeps them, read only from now on. */
export function shareGroups(s: SsjState): SsjState['groups'] {
  sealGroups(s);
  return s.groups;
}

/** The record of groups of `s`, to add, replace or delete groups in: copied first if it is shared. Its groups may still be shared. */
function groupsToChange(s: SsjState): Record<string, Group> {
  if (Object.isFrozen(s.groups)) s.groups = { ...s.groups };
  return s.groups as Record<string, Group>;
}

/**
 * The group `id` of `s`, to change: every change to a group goes through here (the types make a
 * group read only everywhere else). A shared (frozen) group is copied first, with its ships; later
 * changes in the same step go to the copy. A reference to the group taken before is stale after.
 */
export function ownGroup(s: SsjState, id: string): GroupFields {
  const g = s.groups[id];
  if (!g) throw new Error(`unknown group ${id}`);
  if (!Object.isFrozen(g)) return g as GroupFields;
  const copy: GroupFields = { ...g, ships: g.ships.slice() };
  groupsToChange(s)[id] = copy;
  return copy;
}

/** Adds the new group `g` to `s` (the step's own from now on, until the state is shared): returns it. */
export function addGroup(s: SsjState, g: GroupFields): GroupFields {
  groupsToChange(s)[g.id] = g;
  return g;
}

/** Removes group `id` from `s` (a group left empty is gone). */
export function removeGroup(s: SsjState, id: string): void {
  delete groupsToChange(s)[id];
}
