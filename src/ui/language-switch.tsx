import { chakra, useSlotRecipe } from '@chakra-ui/react';
import { setLanguage, useLanguage, useT, type Language } from '@/lib/i18n';
import { onDemand, prefetch, useOnDemand } from './on-demand';

export const LANGUAGES: { value: Language; label: string }[] = [
  { value: 'ms', label: 'BM' },
  { value: 'en', label: 'EN' },
];

const segments = onDemand(() => import('./language-switch-segments'));

/** the hidden radio of an item, as Ark's ItemHiddenInput hides it */
const hiddenInput = {
  border: '0',
  clip: 'rect(0, 0, 0, 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: '0',
  position: 'absolute',
  width: '1px',
  whiteSpace: 'nowrap',
  wordWrap: 'normal',
} as const;

/**
 * BM / EN switch; the choice is kept in localStorage. Until the user reaches for it, a stand-in of the same look
 * (Chakra's segment-group recipe, the chosen item drawn as the indicator, as Chakra does before it has measured it):
 * hover or focus loads the real SegmentGroup (./language-switch-segments.tsx, whose indicator slides between the
 * items), and a click chooses at once. Its state machine then stays off the sign-in page's first load.
 */
export function LanguageSwitch({ tone = 'light' }: { tone?: 'light' | 'dark' }) {
  const lang = useLanguage();
  const t = useT();
  const [mod, request] = useOnDemand(segments);
  const styles = useSlotRecipe({ key: 'segmentGroup' })({ size: 'sm' });
  if (mod) return <mod.LanguageSegments tone={tone} />;
  const load = () => prefetch(segments);
  return (
    <chakra.div
      role="radiogroup"
      aria-label={t('lang.label')}
      aria-orientation="horizontal"
      data-scope="segment-group"
      data-part="root"
      data-orientation="horizontal"
      className="chakra-segment-group__root"
      css={styles.root}
      bg={tone === 'dark' ? 'whiteAlpha.200' : 'bg.muted'}
      color={tone === 'dark' ? 'white' : undefined}
      onPointerEnter={load}
      onFocus={load}
    >
      {LANGUAGES.map((item) => {
        const checked = item.value === lang;
        const state = checked ? 'checked' : 'unchecked';
        return (
          <chakra.label
            key={item.value}
            data-scope="segment-group"
            data-part="item"
            data-orientation="horizontal"
            data-state={state}
            data-ssr={checked ? '' : undefined}
            className="chakra-segment-group__item"
            css={styles.item}
            minW="11"
            minH="10"
            color={tone === 'dark' ? 'whiteAlpha.900' : undefined}
            _checked={{ color: 'brand.ink' }}
            data-testid="lang-switch"
          >
            <chakra.span
              data-scope="segment-group"
              data-part="item-text"
              data-state={state}
              className="chakra-segment-group__itemText"
              css={styles.itemText}
            >
              {item.label}
            </chakra.span>
            <input
              type="radio"
              name="lang-switch"
              value={item.value}
              checked={checked}
              style={hiddenInput}
              onChange={() => {
                request();
                void setLanguage(item.value);
              }}
            />
          </chakra.label>
        );
      })}
    </chakra.div>
  );
}
