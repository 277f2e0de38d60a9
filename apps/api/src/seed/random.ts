// What the demo seeds share: a seeded random sequence (the same demo every time), calendar days
// and the pieces of made-up contact details.

/** mulberry32: the same demo every time. */
export function randomSequence(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const some = <T>(list: readonly T[], min: number, max: number): T[] => {
    const copy = [...list];
    const out: T[] = [];
    for (let n = int(min, Math.min(max, copy.length)); n > 0; n--)
      out.push(copy.splice(Math.floor(next() * copy.length), 1)[0]!);
    return out;
  };
  return { next, int, pick, some };
}
export type Random = ReturnType<typeof randomSequence>;

export const pad = (n: number) => String(n).padStart(2, '0');
/** The local calendar day of `d` as 'YYYY-MM-DD'. */
export const isoDay = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
/** 'YYYY-MM-DD' plus days (calendar arithmetic, no time zone). */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.slice(0, 10).split('-').map(Number);
  const t = new Date(Date.UTC(y!, m! - 1, d! + days));
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}

/** A name as the part of an e-mail address: lower case letters only. */
export const emailName = (s: string) => s.toLowerCase().replace(/[^a-z]/g, '');
/** An Australian mobile number ('04xx xxx xxx'). */
export const mobileNumber = (r: Random) => `04${r.int(10, 99)} ${r.int(100, 999)} ${r.int(100, 999)}`;
