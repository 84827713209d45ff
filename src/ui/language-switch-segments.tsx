import { SegmentGroup } from '@chakra-ui/react';
import { setLanguage, useLanguage, useT, type Language } from '@/lib/i18n';
import { LANGUAGES } from './language-switch';

/** BM / EN switch as Chakra's SegmentGroup (its indicator slides to the choice); loaded by ./language-switch.tsx. */
export function LanguageSegments({ tone = 'light' }: { tone?: 'light' | 'dark' }) {
  const lang = useLanguage();
  const t = useT();
  return (
    <SegmentGroup.Root
      size="sm"
      value={lang}
      onValueChange={(d) => d.value && void setLanguage(d.value as Language)}
      aria-label={t('lang.label')}
      bg={tone === 'dark' ? 'whiteAlpha.200' : 'bg.muted'}
      color={tone === 'dark' ? 'white' : undefined}
    >
      <SegmentGroup.Indicator bg="bg.panel" />
      <SegmentGroup.Items
        items={LANGUAGES}
        minW="11"
        minH="10"
        color={tone === 'dark' ? 'whiteAlpha.900' : undefined}
        _checked={{ color: 'brand.ink' }}
        data-testid="lang-switch"
      />
    </SegmentGroup.Root>
  );
}
