import type { Insertable } from 'kysely';
import type { UserStatus } from '../../contract/users';
import type { Database } from '../db/connect';
import type { BotsTable, MatchesTable, NewUser, UserRow, WithdrawalsTable } from '../db/schema';
import { slugify } from '../modules/categories/slug';
import { newReferralCode, newUserId, randomCode } from '../modules/users/create';
import { outcomeOf } from '../modules/users/matches';
import { initialsAvatar } from './avatars';
import { insertDemoDecks } from './decks';
import { insertDemoLegal } from './legal';
import { type Random, seededRandom } from './random';
import { insertRiskCases } from './risk-cases';
import { insertDemoSettings } from './settings';

// The demo data set: a few hundred players, bots, thousands of matches and a few hundred
// withdrawals, generated from a fixed seed and written with multi-row inserts (well under 1 s).

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const PLAYERS = 300;
/** This many players sign up within the last 23 hours, so the day chart always has a shape. */
const RECENT_PLAYERS = 12;
const USER_MATCHES = 1_200; // two rows each
const BOT_MATCHES = 600;
const WITHDRAWALS = 300;

const words = (text: string) => text.trim().split(/\s+/);
const FIRST = words(`maria kenji amara lukas priya tom sofia omar lena diego aiko noah fatima ivan
  chloe mateo zara felix nina ravi elif jonas mei samuel ines kwame hana leo yara oscar`);
const LAST = words(`lopez tanaka okafor weber sharma hughes rossi haddad berg silva sato kim nowak
  petrov martin garcia ali novak costa singh`);
const DOMAINS = ['example.com', 'example.org', 'example.net'];
const BOT_NAMES = words('AceBot Blitz CleverClara Dynamo EchoFox Glitch Maverick Nova');
export const GAMES = ['Solitaire', 'Bubble Shooter', '8 Ball', 'Word Duel', 'Blocks'] as const;
const PRICES = ['0', '0.50', '1.00', '2.00', '5.00'];
interface WithdrawalTypeSeed {
  key: string;
  title: string;
  rate: number;
  /** USD paid whatever the points; null for dynamic (points x rate). */
  fixed: number | null;
  minPoints: number;
  stock: number;
  disabled?: boolean;
}

/**
 * The withdrawal types, written as rows; the generated withdrawals are made with the active ones,
 * each carrying its type's key, rate and fixed amount as a real one would.
 */
const WITHDRAWAL_TYPES: readonly WithdrawalTypeSeed[] = [
  { key: 'paypal_10', title: 'PayPal $10', rate: 0.001, fixed: 10, minPoints: 10_000, stock: 500 },
  { key: 'paypal_25', title: 'PayPal $25', rate: 0.001, fixed: 25, minPoints: 25_000, stock: 200 },
  {
    key: 'amazon_gc_10',
    title: 'Amazon Gift Card $10',
    rate: 0.001,
    fixed: 10,
    minPoints: 10_000,
    stock: 300,
  },
  {
    key: 'crypto_usdt',
    title: 'Crypto (USDT)',
    rate: 0.0008,
    fixed: null,
    minPoints: 5_000,
    stock: 1_000,
  },
  {
    key: 'giftcard_steam_20',
    title: 'Steam Gift Card $20',
    rate: 0.001,
    fixed: 20,
    minPoints: 20_000,
    stock: 0,
    disabled: true,
  },
];
const ACTIVE_TYPES = WITHDRAWAL_TYPES.filter((type) => !type.disabled);

type Game = (typeof GAMES)[number];
interface OfferSeed {
  name: string;
  game: Game;
  price: string;
  reward: [number, 'points' | 'xp'];
  disabled?: boolean;
}
interface CategorySeed {
  name: string;
  offers: OfferSeed[];
  disabled?: boolean;
}

/** The game categories and their offers, in the order the console lists them. */
const CATALOG: CategorySeed[] = [
  {
    name: 'Card Games',
    offers: [
      { name: 'Solitaire Classic', game: 'Solitaire', price: '0', reward: [50, 'points'] },
      { name: 'Solitaire Pro', game: 'Solitaire', price: '1.00', reward: [250, 'points'] },
      { name: 'Solitaire Masters', game: 'Solitaire', price: '5.00', reward: [1_500, 'points'] },
    ],
  },
  {
    name: 'Arcade',
    offers: [
      { name: 'Bubble Shooter Practice', game: 'Bubble Shooter', price: '0', reward: [20, 'xp'] },
      {
        name: 'Bubble Shooter Duel',
        game: 'Bubble Shooter',
        price: '0.50',
        reward: [100, 'points'],
      },
      { name: 'Blocks Blitz', game: 'Blocks', price: '2.00', reward: [500, 'points'] },
    ],
  },
  {
    name: 'Sports',
    offers: [
      { name: '8 Ball Quick Match', game: '8 Ball', price: '1.00', reward: [200, 'points'] },
      {
        name: '8 Ball Pro League',
        game: '8 Ball',
        price: '2.00',
        reward: [150, 'xp'],
        disabled: true,
      },
    ],
  },
  {
    name: 'Word Games',
    offers: [
      { name: 'Word Duel', game: 'Word Duel', price: '0.50', reward: [100, 'points'] },
      { name: 'Word Duel Marathon', game: 'Word Duel', price: '5.00', reward: [400, 'xp'] },
    ],
  },
  {
    name: 'Puzzles',
    disabled: true,
    offers: [{ name: 'Blocks Puzzle', game: 'Blocks', price: '0', reward: [10, 'xp'] }],
  },
];
const NOTES = {
  approved: ['Paid', 'Verified account', 'Sent via batch payout'],
  rejected: ['Duplicate request', 'Destination could not be verified', 'Suspicious activity'],
} as const;

export interface DemoCounts {
  players: number;
  bots: number;
  matches: number;
  withdrawals: number;
  withdrawalTypes: number;
  categories: number;
  offers: number;
}

/** Inserts in chunks, so no statement nears PostgreSQL's 65535-parameter limit. */
async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += 1000) await insert(rows.slice(i, i + 1000));
}

function players(r: Random, now: number, taken: Set<string>): NewUser[] {
  const rows: NewUser[] = [];
  const codes: string[] = [];
  for (let i = 0; i < PLAYERS; i++) {
    const first = r.pick(FIRST);
    const last = r.pick(LAST);
    let username = r.pick([`${first}.${last}`, `${first}_${last[0]}`, `${first}${last}`]);
    while (taken.has(username)) username = `${username.replace(/\d+$/, '')}${r.int(2, 999)}`;
    let email = '';
    while (!email || taken.has(email)) {
      email = `${username.replace(/[^a-z0-9]/g, '')}${r.int(1, 999)}@${r.pick(DOMAINS)}`;
    }
    taken.add(username).add(email);
    const status = r.weighted<UserStatus>([
      ['active', 80],
      ['pending', 12],
      ['disabled', 8],
    ]);
    // Older sign-ups thin out: ages skew toward today over the last 60 days.
    const age = i < RECENT_PLAYERS ? r.next() * 23 * HOUR : r.next() ** 1.6 * 60 * DAY;
    const createdAt = new Date(now - age);
    const referralCode = newReferralCode(r.below);
    rows.push({
      user_id: newUserId(r.below),
      username,
      email,
      password_hash: null,
      status,
      balance: status === 'pending' ? r.int(0, 100) : Math.round(r.next() ** 2 * 30_000),
      xp: status === 'pending' ? r.int(0, 50) : Math.round(r.next() ** 1.5 * 25_000),
      referred_by: codes.length > 0 && r.chance(0.3) ? r.pick(codes) : null,
      referral_code: referralCode,
      created_at: createdAt,
      updated_at: createdAt,
    });
    codes.push(referralCode);
  }
  return rows;
}

function bots(r: Random, now: number): Insertable<BotsTable>[] {
  return BOT_NAMES.map((nickname, i) => {
    const maxSessions = r.int(1, 4);
    return {
      bot_id: `bot_${randomCode(5, undefined, r.below)}`,
      nickname,
      avatar_url: i % 3 === 0 ? null : initialsAvatar(nickname),
      active: i !== BOT_NAMES.length - 1,
      current_sessions: r.chance(0.4) ? r.int(1, maxSessions) : 0,
      max_sessions: maxSessions,
      skill: r.int(1, 100),
      allowed_offers: GAMES.filter(() => r.chance(0.5)),
      last_used_at: r.chance(0.8) ? new Date(now - r.next() * 3 * DAY) : null,
    };
  });
}

type Player = Pick<UserRow, 'id' | 'user_id' | 'email' | 'created_at'>;
type NewMatch = Insertable<MatchesTable>;

/** Scores, and the reward each side earns: the prize to the winner, half each on a draw. */
function playMatch(r: Random) {
  const a = r.int(0, 1000);
  const b = r.chance(0.1) ? a : r.int(0, 1000);
  const prize = r.pick([10, 20, 50, 100, 250, 500]);
  const reward = (us: number, them: number) => (us > them ? prize : us === them ? prize / 2 : 0);
  return {
    game_name: r.pick(GAMES),
    price: r.pick(PRICES),
    reward_type: r.chance(0.75) ? ('points' as const) : ('xp' as const),
    side: (us: number, them: number) => ({
      user_score: us,
      opponent_score: them,
      outcome: outcomeOf(us, them),
      reward_amount: reward(us, them),
    }),
    a,
    b,
  };
}

/** A start after every player in it signed up; ended a few minutes later, or still running. */
function matchTimes(r: Random, now: number, ...players: Player[]) {
  const earliest = Math.max(...players.map((p) => p.created_at.getTime()));
  const started = earliest + r.next() * (now - earliest);
  const ended = started + r.int(1, 15) * 60_000;
  return { started_at: new Date(started), ended_at: ended < now ? new Date(ended) : null };
}

function matches(r: Random, now: number, pool: Player[], botIds: string[]): NewMatch[] {
  // Some players play far more than others: picks skew toward the start of the pool.
  const player = () => pool[Math.floor(r.next() ** 2 * pool.length)] as Player;
  const rows: NewMatch[] = [];
  for (let i = 0; i < USER_MATCHES; i++) {
    const p = player();
    let q = player();
    while (q.id === p.id) q = r.pick(pool);
    const match = playMatch(r);
    const shared = {
      match_id: `m_${randomCode(12, undefined, r.below)}`,
      game_name: match.game_name,
      price: match.price,
      reward_type: match.reward_type,
      ...matchTimes(r, now, p, q),
    };
    rows.push(
      { ...shared, user_id: p.id, opponent_user_id: q.id, ...match.side(match.a, match.b) },
      { ...shared, user_id: q.id, opponent_user_id: p.id, ...match.side(match.b, match.a) },
    );
  }
  for (let i = 0; i < BOT_MATCHES; i++) {
    const p = player();
    const match = playMatch(r);
    rows.push({
      match_id: `m_${randomCode(12, undefined, r.below)}`,
      user_id: p.id,
      opponent_bot_id: r.pick(botIds),
      game_name: match.game_name,
      price: match.price,
      reward_type: match.reward_type,
      ...matchTimes(r, now, p),
      ...match.side(match.a, match.b),
    });
  }
  return rows;
}

/** A wallet address for crypto; otherwise mostly the player's own email. */
function destinationOf(r: Random, typeId: string, p: Player): string {
  if (typeId === 'crypto_usdt') return `0x${randomCode(40, '0123456789abcdef', r.below)}`;
  return r.chance(0.8) ? p.email : `pay.${p.user_id}@example.com`;
}

function withdrawals(
  r: Random,
  now: number,
  pool: Player[],
  adminId: number,
): Insertable<WithdrawalsTable>[] {
  return Array.from({ length: WITHDRAWALS }, () => {
    const p = r.pick(pool);
    const type = r.pick(ACTIVE_TYPES);
    const points = type.fixed === null ? r.int(type.minPoints / 100, 500) * 100 : type.minPoints;
    const usd = type.fixed ?? Math.round(type.rate * points * 100) / 100;
    const status = r.weighted([
      ['pending', 40],
      ['approved', 40],
      ['rejected', 20],
    ] as const);
    const created = p.created_at.getTime() + r.next() * (now - p.created_at.getTime());
    const decided =
      status === 'pending' ? null : new Date(Math.min(now, created + r.int(1, 48) * HOUR));
    return {
      user_id: p.user_id,
      type_id: type.key,
      points_spent: points,
      usd_value: usd.toFixed(2),
      rate_usd_per_point: type.rate,
      fixed_usd_amount: type.fixed,
      destination: destinationOf(r, type.key, p),
      status,
      admin_note: status !== 'pending' && r.chance(0.5) ? r.pick(NOTES[status]) : null,
      decided_at: decided,
      decided_by: decided ? adminId : null,
      created_at: new Date(created),
      updated_at: decided ?? new Date(created),
    };
  });
}

const withdrawalTypeRows = () =>
  WITHDRAWAL_TYPES.map((type) => ({
    key: type.key,
    title: type.title,
    rate_usd_per_point: type.rate,
    fixed_usd_amount: type.fixed,
    min_points: type.minPoints,
    stock: type.stock,
    is_active: !type.disabled,
  }));

/** Writes the catalog: its categories, then their offers. Answers how many of each. */
async function insertCatalog(trx: Database) {
  const categories = await trx
    .insertInto('categories')
    .values(
      CATALOG.map((category, i) => ({
        name: category.name,
        slug: slugify(category.name),
        is_active: !category.disabled,
        sort_order: i,
      })),
    )
    .returning(['id', 'name'])
    .execute();
  const idOf = new Map(categories.map((c) => [c.name, c.id]));
  const offers = CATALOG.flatMap((category) =>
    category.offers.map((offer, i) => ({
      category_id: idOf.get(category.name) as number,
      name: offer.name,
      game_name: offer.game,
      price: offer.price,
      reward_amount: offer.reward[0],
      reward_type: offer.reward[1],
      is_active: !offer.disabled,
      sort_order: i,
    })),
  );
  await trx.insertInto('offers').values(offers).execute();
  return { categories: categories.length, offers: offers.length };
}

/**
 * Writes the demo data set with the given transaction. `taken` holds the usernames and emails
 * already in use (the demo admin's), lower-cased; `adminId` decided the decided withdrawals.
 */
export async function insertDemoData(
  trx: Database,
  options: { adminId: number; taken: string[]; seed?: number },
): Promise<DemoCounts> {
  const r = seededRandom(options.seed ?? 20261121);
  const now = Date.now();

  const newPlayers = players(r, now, new Set(options.taken));
  const inserted = await trx
    .insertInto('users')
    .values(newPlayers)
    .returning(['id', 'user_id', 'email', 'created_at', 'status'])
    .execute();
  // Pending players have not played or cashed out yet; disabled ones did, before.
  const pool = inserted.filter((p) => p.status !== 'pending');

  const botRows = bots(r, now);
  await trx.insertInto('bots').values(botRows).execute();

  const matchRows = matches(
    r,
    now,
    pool,
    botRows.map((b) => b.bot_id),
  );
  await insertChunked(matchRows, (chunk) => trx.insertInto('matches').values(chunk).execute());

  const typeRows = withdrawalTypeRows();
  await trx.insertInto('withdrawal_types').values(typeRows).execute();
  const withdrawalRows = withdrawals(r, now, pool, options.adminId);
  await trx.insertInto('withdrawals').values(withdrawalRows).execute();
  const riskCases = await insertRiskCases(trx, r, now, options.adminId);
  const catalog = await insertCatalog(trx);
  const settings = await insertDemoSettings(trx);
  const legal = await insertDemoLegal(trx);
  const decks = await insertDemoDecks(trx, new Date(now));

  return {
    players: inserted.length + riskCases.players,
    bots: botRows.length,
    matches: matchRows.length + riskCases.matches,
    withdrawals: withdrawalRows.length + riskCases.withdrawals,
    withdrawalTypes: typeRows.length,
    ...catalog,
    ...settings,
    ...legal,
    ...decks,
  };
}
