import { z } from 'zod';
import { REPEATED_OPPONENT_WINDOW } from '../../../../contract/withdrawal-signal-thresholds';
import {
  SIGNAL_CODES,
  SIGNAL_LEVELS,
  type Signal,
  type SignalCode,
  type SignalLevel,
} from '../../../../contract/withdrawal-signals';
import { REJECT_REASON_LABELS, RejectReason } from '../../../../contract/withdrawals';

/** One row of withdrawal_signals(id): the level and the facts behind it, as the database found. */
export interface SignalRow {
  code: string;
  level: string;
  facts: unknown;
}

const count = z.number().int();
const id = z.string();
const ids = z.array(z.number().int()).transform((list) => list.map(String));

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

const playerEvidence = (playerId: string) => ({
  resource: 'users' as const,
  filter: { ids: [playerId] },
});
const destinationEvidence = (destination: string) => ({
  resource: 'withdrawals' as const,
  filter: { destination },
});
const withdrawalsEvidence = (list: string[]) => ({
  resource: 'withdrawals' as const,
  filter: { ids: list },
});

const reasonLabel = (reason: string) => {
  const known = RejectReason.safeParse(reason);
  return known.success ? REJECT_REASON_LABELS[known.data] : 'No reason given';
};

const ageText = (hours: number) =>
  hours < 48 ? plural(hours, 'hour') : plural(Math.floor(hours / 24), 'day');

/** Each code's facts, and the title, detail and evidence made of them. */
const RENDER: { [C in SignalCode]: (facts: unknown) => Omit<Signal, 'code' | 'level'> } = {
  user_disabled: (facts) => {
    const { playerId } = z.object({ playerId: id }).parse(facts);
    return {
      title: 'Player disabled',
      detail: "The player's account is disabled.",
      evidence: playerEvidence(playerId),
    };
  },
  shared_destination: (facts) => {
    const f = z
      .object({ destination: z.string(), accounts: count, flaggedAccounts: count })
      .parse(facts);
    const flagged =
      f.flaggedAccounts > 0
        ? `; ${f.flaggedAccounts} of them disabled or rejected for fraud or a duplicate account`
        : '';
    return {
      title: 'Shared destination',
      detail: `${plural(f.accounts, 'other account')} withdrew to this destination${flagged}.`,
      evidence: destinationEvidence(f.destination),
    };
  },
  referral_link: (facts) => {
    const f = z
      .object({
        destination: z.string(),
        players: z.array(
          z.object({ username: z.string(), relation: z.enum(['referrer', 'referred']) }),
        ),
      })
      .parse(facts);
    const names = f.players.map(({ username, relation }) =>
      relation === 'referrer' ? `their referrer ${username}` : `${username}, whom they referred`,
    );
    return {
      title: 'Referral shares destination',
      detail: `Also withdrew to this destination: ${names.join('; ')}.`,
      evidence: destinationEvidence(f.destination),
    };
  },
  repeated_opponent: (facts) => {
    const f = z
      .object({ opponentId: id, opponentUsername: z.string(), matches: count, wins: count })
      .parse(facts);
    return {
      title: `Repeated opponent: ${f.opponentUsername}`,
      detail:
        `Won ${f.wins} of ${plural(f.matches, 'match', 'matches')} against ${f.opponentUsername} ` +
        `in their last ${REPEATED_OPPONENT_WINDOW} matches.`,
      evidence: playerEvidence(f.opponentId),
    };
  },
  prior_rejections: (facts) => {
    const f = z.object({ count, reasons: z.array(z.string()), ids }).parse(facts);
    return {
      title: 'Earlier rejections',
      detail: `${plural(f.count, 'earlier withdrawal')} rejected: ${f.reasons.map(reasonLabel).join(', ')}.`,
      evidence: withdrawalsEvidence(f.ids),
    };
  },
  new_account: (facts) => {
    const f = z.object({ playerId: id, ageHours: count }).parse(facts);
    return {
      title: 'New account',
      detail: `The account was ${ageText(f.ageHours)} old when it asked.`,
      evidence: playerEvidence(f.playerId),
    };
  },
  velocity: (facts) => {
    const f = z.object({ last24Hours: count, last7Days: count, ids }).parse(facts);
    return {
      title: 'Frequent withdrawals',
      detail:
        `${plural(f.last24Hours, 'withdrawal')} in the 24 hours and ${f.last7Days} in the ` +
        '7 days before this one.',
      evidence: withdrawalsEvidence(f.ids),
    };
  },
  win_rate: (facts) => {
    const f = z
      .object({ playerId: id, matches: count, wins: count, populationPercent: z.number() })
      .parse(facts);
    const percent = Math.round((100 * f.wins) / f.matches);
    return {
      title: 'High win rate',
      detail:
        `Won ${percent}% of their last ${f.matches} matches; all players win ` +
        `${f.populationPercent}%.`,
      evidence: playerEvidence(f.playerId),
    };
  },
};

const rank = (level: SignalLevel) => SIGNAL_LEVELS.length - SIGNAL_LEVELS.indexOf(level);

/** The signals as the API answers them: high first, then warning, then info; codes in order. */
export function presentSignals(rows: SignalRow[]): Signal[] {
  return rows
    .map(({ code, level, facts }) => {
      const known = z.enum(SIGNAL_CODES).parse(code);
      return { code: known, level: z.enum(SIGNAL_LEVELS).parse(level), ...RENDER[known](facts) };
    })
    .sort(
      (a, b) =>
        rank(a.level) - rank(b.level) ||
        SIGNAL_CODES.indexOf(a.code) - SIGNAL_CODES.indexOf(b.code),
    );
}
