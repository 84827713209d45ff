/** Whether a request goes to the tile host ('https://*.example.org' covers its subdomains); pure, for sw/tiles.ts. */
export function isTileUrl(url: URL, origin: string | null): boolean {
  if (!origin) return false;
  const m = /^(https?):\/\/(\*\.)?(.+)$/.exec(origin);
  if (!m || url.protocol !== `${m[1]}:`) return false;
  return m[2] ? url.host.endsWith(`.${m[3]}`) : url.host === m[3];
}
