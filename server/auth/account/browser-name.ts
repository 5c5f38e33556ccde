// The few browsers and systems admins use, most specific first: Edge and Opera also say
// Chrome, Chrome also says Safari. Anything else is named by what it says first.
const BROWSERS: [RegExp, string][] = [
  [/Edg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/(?:OPR|Opera)\/(\d+)/, 'Opera'],
  [/SamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/Firefox\/(\d+)|FxiOS\/(\d+)/, 'Firefox'],
  [/HeadlessChrome\/(\d+)/, 'Headless Chrome'],
  [/Chrom(?:e|ium)\/(\d+)|CriOS\/(\d+)/, 'Chrome'],
  [/Version\/(\d+)[.\d]* (?:Mobile\/\S+ )?Safari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/Windows/, 'Windows'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

/** 'Chrome 131 on Windows', from a user agent; null when there is none to read. */
export function browserName(userAgent: string | null): string | null {
  if (!userAgent?.trim()) return null;
  let browser: string | undefined;
  for (const [pattern, name] of BROWSERS) {
    const match = pattern.exec(userAgent);
    if (!match) continue;
    const version = match.slice(1).find(Boolean);
    browser = version ? `${name} ${version}` : name;
    break;
  }
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const first = browser ?? userAgent.trim().split(/[\s/;(]/)[0];
  return system ? `${first} on ${system}` : first || null;
}
