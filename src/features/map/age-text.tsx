import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/map';
import { ageParts } from './marker-rules';

/** '40 saat lalu', '3 minit lalu', '2 jam lalu': the age of a position. */
export function AgeText({ seconds }: { seconds: number }) {
  const t = useT();
  const a = ageParts(seconds);
  return <>{t(`map.age.${a.unit}`, { n: a.n })}</>;
}
