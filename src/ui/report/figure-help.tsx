/**
 * A report figure's definition (issue #31 item 1): an info button beside the figure's label that opens its help text
 * (what is counted, over what, in which unit; src/lib/i18n/parts/report-help.ts, docs/reports.md). A button, so it is
 * reached by Tab and opened by Enter or Space, and by a tap on a tablet; Escape or a click outside closes it. The
 * popover is named by the figure's label; the button by 'Takrifan: <label>'.
 */
import { Button, IconButton, Popover, Portal, Text } from '@chakra-ui/react';
import { popoverSlotRecipe } from '@chakra-theme/recipes/popover';
import { LuInfo } from 'react-icons/lu';
import { isTextKey, useT } from '@/lib/i18n';
import '@/lib/i18n/parts/report-help';

export function FigureHelp({ label, text, testId, showLabel }: { label: string; text: string; testId?: string; showLabel?: boolean }) {
  const t = useT();
  return (
    <Popover.Root recipe={popoverSlotRecipe} positioning={{ placement: 'bottom-start' }} lazyMount unmountOnExit>
      <Popover.Trigger asChild>
        {showLabel ? (
          <Button variant="outline" size="sm" _print={{ display: 'none' }} data-testid={testId} data-help={text}>
            <LuInfo /> {label}
          </Button>
        ) : (
          <IconButton
            aria-label={t('rh.about', { label })}
            variant="ghost"
            size="2xs"
            minW="6"
            h="6"
            mt="-1"
            color="fg.muted"
            flexShrink={0}
            _print={{ display: 'none' }}
            data-testid={testId}
            data-help={text}
          >
            <LuInfo />
          </IconButton>
        )}
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content maxW="min(22rem, calc(100vw - 16px))" aria-label={label} data-testid={testId ? `${testId}-text` : undefined}>
            <Popover.Body px="3.5" py="3">
              <Text fontSize="sm" fontWeight="semibold" mb="1">
                {label}
              </Text>
              <Text fontSize="sm" color="fg">
                {text}
              </Text>
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}

/** The help text of a report figure, 'rh.<report>.<key>', when one is defined. */
export function useFigureHelp(report: string | undefined) {
  const t = useT();
  return (key: string): string | undefined => {
    if (!report) return undefined;
    const k = `rh.${report}.${key}`;
    return isTextKey(k) ? t(k) : undefined;
  };
}
