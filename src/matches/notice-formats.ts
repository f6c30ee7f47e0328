/**
 * What a notice says, in each place it goes: the signed generic webhook (the notice as it
 * is), a Discord incoming webhook (`{ content, embeds }`), a Slack incoming webhook
 * (`{ text, blocks }`), and an email. Every form holds the same public facts only: the
 * match, the game, the side, whose move it is, the due time, and the link without a token.
 */
export type NoticeEvent = 'your-move' | 'reminder' | 'overdue' | 'match-over';

export interface Notice {
  event: NoticeEvent;
  match: string;
  game: string;
  gameName: string;
  /** The side this notice is for. */
  side: string;
  /** That side's own seq (the number of actions it may know of). */
  seq: number;
  /** The match page, without a token (the player's browser keeps the seat link). */
  link: string;
  at: string;
  dueAt?: string;
  overdue?: string[];
  result?: string;
}

export type WebhookKind = 'generic' | 'discord' | 'slack';

/** The hosts whose incoming webhooks take their own format (tests may name others). */
export interface WebhookHosts {
  discord: string[];
  slack: string[];
}

export const DEFAULT_HOSTS: WebhookHosts = {
  discord: ['discord.com', 'discordapp.com', 'ptb.discord.com', 'canary.discord.com'],
  slack: ['hooks.slack.com'],
};

/** Discord: `https://discord.com/api/webhooks/…` (or discordapp.com); Slack: `https://hooks.slack.com/services/…`; else generic. */
export function webhookKind(url: string, hosts: WebhookHosts = DEFAULT_HOSTS): WebhookKind {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return 'generic';
  }
  const host = u.hostname.toLowerCase();
  if (hosts.discord.includes(host) && u.pathname.startsWith('/api/webhooks/')) return 'discord';
  if (hosts.slack.includes(host) && u.pathname.startsWith('/services/')) return 'slack';
  return 'generic';
}

export const EVENT_TEXT: Record<NoticeEvent, string> = {
  'your-move': 'it is your move',
  reminder: 'reminder: half of your time for this move has passed',
  overdue: 'the move deadline has passed',
  'match-over': 'the match is over',
};

/** One line for a chat: whose move, which match and game. */
export function headline(n: Notice): string {
  switch (n.event) {
    case 'your-move':
      return `Your move, ${n.side}: ${n.gameName}, match ${n.match}.`;
    case 'reminder':
      return `Reminder, ${n.side}: half of your time for this move in ${n.gameName} (match ${n.match}) has passed.`;
    case 'overdue':
      return `The move deadline has passed in ${n.gameName}, match ${n.match} (overdue: ${(n.overdue ?? []).join(', ') || n.side}).`;
    case 'match-over':
      return `${n.gameName}, match ${n.match} is over${n.result ? `: ${n.result}` : '.'}`;
  }
}

function facts(n: Notice): { name: string; value: string }[] {
  return [
    { name: 'Match', value: n.match },
    { name: 'Game', value: n.gameName },
    { name: 'Side', value: n.side },
    ...(n.dueAt ? [{ name: 'Due', value: n.dueAt }] : []),
    ...(n.result ? [{ name: 'Result', value: n.result }] : []),
  ];
}

/** Discord's incoming-webhook body: `content` plus one embed linking to the match page. No mentions are parsed. */
export function discordBody(n: Notice): { content: string; embeds: unknown[]; allowed_mentions: { parse: string[] } } {
  return {
    content: `${headline(n)} ${n.link}`,
    embeds: [{ title: `${n.gameName} — match ${n.match}`, url: n.link, description: EVENT_TEXT[n.event], fields: facts(n).map((f) => ({ ...f, inline: true })), timestamp: n.at }],
    allowed_mentions: { parse: [] },
  };
}

/** Slack's incoming-webhook body: `text` (the fallback) plus blocks with the facts and a link button. */
export function slackBody(n: Notice): { text: string; blocks: unknown[] } {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return {
    text: `${headline(n)} ${n.link}`,
    blocks: [
      { type: 'section', text: { type: 'mrkdwn', text: esc(headline(n)) } },
      { type: 'section', fields: facts(n).map((f) => ({ type: 'mrkdwn', text: `*${f.name}:* ${esc(f.value)}` })) },
      { type: 'actions', elements: [{ type: 'button', text: { type: 'plain_text', text: 'Open the match' }, url: n.link }] },
    ],
  };
}

export function mailOf(n: Notice, optOut?: string): { subject: string; text: string } {
  const subject = `Ironbottom: ${EVENT_TEXT[n.event]} (${n.gameName}, match ${n.match})`;
  const lines = [
    `Match ${n.match} (${n.gameName}), you play ${n.side}: ${EVENT_TEXT[n.event]}.`,
    `Your seq: ${n.seq}.`,
    ...(n.dueAt ? [`Due: ${n.dueAt}.`] : []),
    ...(n.overdue?.length ? [`Overdue: ${n.overdue.join(', ')}. The match's creator decides what follows.`] : []),
    ...(n.result ? [`Result: ${n.result}`] : []),
    '',
    `Open the match with the seat link you were given (your browser keeps it): ${n.link}`,
    ...(optOut ? ['', `No more email about this match: ${optOut}`] : []),
  ];
  return { subject, text: lines.join('\n') + '\n' };
}
