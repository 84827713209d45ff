/**
 * No hidden column (issue #31 item 4): the box every table of the app sits in, and the text of a cell that may be cut.
 *
 * `TableScroll` fits its table when it can; when the table is wider than the box, the box scrolls sideways and shows
 * it does: a shadow on the edge that has more to see (on that edge only, so it goes away at the end), the first
 * column kept in view (sticky, on its row's own solid background, so the night theme and a hovered row are right),
 * and the box a focusable, named region whose arrow keys scroll it. Header cells wrap between words only
 * (`headerTextProps`): "Received" never becomes "Receive / d".
 *
 * The frame is positioned (and so are the sticky first column's cells): a screen-reader-only text in a cell
 * (position absolute) is placed within the table, not within the page, which it made taller than the window (the
 * /maintenance slip of issue #31: 369 px below the shell).
 *
 * `CellText` is a cell's text cut to `lines` lines (an ellipsis, a line clamp): when it is cut, it can be focused and
 * shows its whole text in a tooltip on hover and on focus (a title shows on hover only).
 *
 * tests/e2e/table-columns.test.ts checks every list and report screen against this (`data-table-scroll`,
 * `data-scroll-shadow`, `data-full-text`).
 */
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Box, Text, type BoxProps, type TextProps } from '@chakra-ui/react';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/table';
import { Tooltip } from './tooltip';

/** Header cells: wrap between words, never inside one (in both languages; English words are longer). */
export const headerTextProps = { wordBreak: 'keep-all', overflowWrap: 'normal', hyphens: 'manual' } as const;

/** A soft shadow of the body text's colour (a semantic token: right in both themes), fading out towards `to`. */
const shadow = (to: 'right' | 'left') => `linear-gradient(to ${to}, color-mix(in srgb, var(--chakra-colors-fg) 22%, transparent), transparent)`;

interface Overflow {
  /** the table is wider than the box */
  over: boolean;
  start: boolean;
  end: boolean;
  /** the sticky first column's width: the start shadow sits at its edge */
  firstCol: number;
}

const NONE: Overflow = { over: false, start: false, end: false, firstCol: 0 };

function measure(box: HTMLElement): Overflow {
  const max = box.scrollWidth - box.clientWidth;
  if (max <= 1) return NONE;
  // scrollLeft is negative in a right-to-left box: the distance from the start either way
  const at = Math.abs(box.scrollLeft);
  const first = box.querySelector('tr')?.firstElementChild as HTMLElement | null | undefined;
  return { over: true, start: at > 1, end: at < max - 1, firstCol: first?.offsetWidth ?? 0 };
}

const same = (a: Overflow, b: Overflow) => a.over === b.over && a.start === b.start && a.end === b.end && a.firstCol === b.firstCol;

export function TableScroll({
  children,
  label,
  stickyFirst = true,
  scrollMaxH,
  testId,
  ...frame
}: {
  children: ReactNode;
  /** what the table is (the scroll region's name starts with it) */
  label?: string;
  /** keep the first column in view while scrolling (default) */
  stickyFirst?: boolean;
  /** a height to scroll within vertically too (the header row then sticks with `stickyHeader`) */
  scrollMaxH?: BoxProps['maxH'];
  testId?: string;
} & Omit<BoxProps, 'children'>) {
  const t = useT();
  const [box, setBox] = useState<HTMLDivElement | null>(null);
  const [o, setO] = useState<Overflow>(NONE);
  const update = useCallback(() => {
    if (!box) return;
    const next = measure(box);
    setO((prev) => (same(prev, next) ? prev : next));
  }, [box]);

  useEffect(() => {
    if (!box) return;
    update();
    const ro = new ResizeObserver(update);
    ro.observe(box);
    // the table grows and shrinks with its rows and columns (data arriving, the language changing)
    const watchTable = () => {
      for (const child of box.children) ro.observe(child);
    };
    watchTable();
    const mo = new MutationObserver(() => {
      watchTable();
      update();
    });
    mo.observe(box, { childList: true });
    return () => {
      ro.disconnect();
      mo.disconnect();
    };
  }, [box, update]);

  const name = label ? t('table.scrollRegionNamed', { name: label }) : t('table.scrollRegion');
  return (
    <Box
      position="relative"
      minW="0"
      data-table-scroll=""
      data-overflow={o.over ? 'true' : 'false'}
      data-testid={testId}
      css={
        stickyFirst
          ? {
              '& tr > :is(th, td):first-of-type:not([colspan])': { position: 'sticky', insetInlineStart: 0, zIndex: 1, backgroundColor: 'inherit' },
              '& thead tr': { zIndex: 2 },
              '& thead tr > th:first-of-type': { zIndex: 2 },
            }
          : undefined
      }
      {...frame}
    >
      <Box
        ref={setBox}
        overflowX="auto"
        overflowY={scrollMaxH ? 'auto' : undefined}
        maxH={scrollMaxH}
        onScroll={update}
        tabIndex={o.over ? 0 : undefined}
        role={o.over ? 'region' : undefined}
        aria-label={o.over ? name : undefined}
        _focusVisible={{ outline: '2px solid', outlineColor: 'brand.500', outlineOffset: '-2px' }}
      >
        {children}
      </Box>
      <Box
        aria-hidden
        data-scroll-shadow="start"
        position="absolute"
        top="0"
        bottom="0"
        insetInlineStart={`${stickyFirst ? o.firstCol : 0}px`}
        w="4"
        pointerEvents="none"
        zIndex="3"
        opacity={o.start ? 1 : 0}
        transition="opacity 0.15s"
        css={{ backgroundImage: shadow('right') }}
      />
      <Box
        aria-hidden
        data-scroll-shadow="end"
        position="absolute"
        top="0"
        bottom="0"
        insetInlineEnd="0"
        w="5"
        pointerEvents="none"
        zIndex="3"
        opacity={o.end ? 1 : 0}
        transition="opacity 0.15s"
        css={{ backgroundImage: shadow('left') }}
      />
    </Box>
  );
}

/**
 * Whether a text cut to `lines` lines (one: an ellipsis; more: a line clamp) is cut now, watched as its box resizes:
 * the ref to give the text's element, and the answer.
 */
export function useCut(lines: number) {
  const [el, setEl] = useState<HTMLParagraphElement | null>(null);
  const [cut, setCut] = useState(false);
  useEffect(() => {
    if (!el) return;
    const check = () => setCut(lines === 1 ? el.scrollWidth > el.clientWidth + 1 : el.scrollHeight > el.clientHeight + 1);
    check();
    const ro = new ResizeObserver(check);
    ro.observe(el);
    return () => ro.disconnect();
  }, [el, lines]);
  return [setEl, cut] as const;
}

/**
 * A cell's text cut to `lines` lines. When it is cut it takes the focus and shows its whole text in a tooltip on hover
 * and focus; when it fits it is plain text.
 */
export function CellText({ children, lines = 1, ...text }: { children: string; lines?: number } & Omit<TextProps, 'children'>) {
  const [setEl, cut] = useCut(lines);
  return (
    <Tooltip content={children} disabled={!cut}>
      <Text
        ref={setEl}
        {...(lines === 1 ? { truncate: true } : { lineClamp: lines })}
        tabIndex={cut ? 0 : undefined}
        data-full-text={cut ? '' : undefined}
        rounded="xs"
        _focusVisible={{ outline: '2px solid', outlineColor: 'brand.500', outlineOffset: '1px' }}
        {...text}
      >
        {children}
      </Text>
    </Tooltip>
  );
}
