import { cloneElement, forwardRef, useId, useState, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { Link as RouterLink } from '@tanstack/react-router';
import { LuChevronDown } from 'react-icons/lu';
import { APP_VERSION, menuFor, type MenuItem } from '@contract/menu';
import { label, useLanguage, useT } from '@/lib/i18n';
import { Tooltip } from '@/ui/tooltip';
import { useRouteExists } from '@/ui/use-route-exists';
import { onDemand, prefetch, useOnDemand } from '@/ui/on-demand';
import { navIcon } from './nav-icons';
import './side-nav.css';

const groupMenuModule = onDemand(() => import('./nav-group-menu'));
const groupCollapsibleModule = onDemand(() => import('./nav-group-collapsible'));

export type NavVariant = 'full' | 'rail';

/** Menu entries shown with their label under the icon in the rail too. */
const RAIL_LABELLED: ReadonlySet<string> = new Set(['myShift']);

/** Side menu (§2.3) filtered by role (§6 via menuFor); screens still to come are shown disabled ('Akan datang'). */
export function SideNav({ roleName, variant, onNavigate }: { roleName: string; variant: NavVariant; onNavigate?: () => void }) {
  const t = useT();
  const items = menuFor(roleName);
  const main = items.filter((i) => i.key !== 'logout');
  const logout = items.find((i) => i.key === 'logout');
  const rail = variant === 'rail';

  return (
    <nav aria-label={t('menu.title')} className="sn" data-testid="side-nav" data-variant={variant}>
      <div className="sn-main">
        <div className="sn-list">
          {main.map((item) =>
            item.children ? (
              <NavGroup key={item.key} item={item} rail={rail} onNavigate={onNavigate} />
            ) : (
              <NavEntry key={item.key} item={item} rail={rail} onNavigate={onNavigate} />
            ),
          )}
        </div>
      </div>
      <div className="sn-foot">
        {logout && <NavEntry item={logout} rail={rail} onNavigate={onNavigate} />}
        <p className="sn-version" data-testid="app-version" title={APP_VERSION}>
          {rail ? APP_VERSION : t('app.version', { version: APP_VERSION })}
        </p>
      </div>
    </nav>
  );
}

export function useItemLabel() {
  const lang = useLanguage();
  return (item: MenuItem) => label(item.labelKey, lang);
}

/** `data-*` flags read by side-nav.css: present when true, absent otherwise. */
const flag = (on: boolean | undefined) => (on ? '' : undefined);

function NavEntry({ item, rail, onNavigate, nested }: { item: MenuItem; rail: boolean; onNavigate?: () => void; nested?: boolean }) {
  const t = useT();
  const itemLabel = useItemLabel();
  const exists = useRouteExists();
  const Icon = navIcon(item.key);
  const text = itemLabel(item);
  const available = exists(item.path);
  // issue #30: the patrol's home for the shift keeps its label in the icon rail (a tablet's menu), not an icon alone
  const labelledInRail = RAIL_LABELLED.has(item.key);

  const content: ReactNode = (
    <>
      {nested && !rail ? (
        <span className="sn-dot" />
      ) : (
        <span className="sn-icon">
          <Icon />
        </span>
      )}
      {rail && labelledInRail && (
        <span className="sn-rail-label" data-testid="nav-rail-label">
          {text}
        </span>
      )}
      {!rail && (
        <span className="sn-label">
          {text}
          {!available && (
            <span className="sn-soon" data-testid="coming-soon">
              {t('menu.comingSoon')}
            </span>
          )}
        </span>
      )}
    </>
  );

  const common = {
    className: 'sn-item',
    'data-rail': flag(rail),
    'data-labelled': flag(rail && labelledInRail),
    'data-nested': flag(nested),
    'data-testid': 'nav-item',
    'data-menu-key': item.key,
    'data-available': available ? 'true' : 'false',
  };

  if (!available) {
    return (
      <Tooltip content={rail ? `${text} · ${t('menu.comingSoon')}` : t('menu.comingSoonTip')} placement="right">
        {/* biome-ignore lint/a11y/useSemanticElements: a link to a screen still to come, disabled (an <a> without href is not focusable) */}
        <span {...common} role="link" aria-disabled="true" tabIndex={0} aria-label={`${text} (${t('menu.comingSoon')})`}>
          {content}
        </span>
      </Tooltip>
    );
  }

  const link = (
    <RouterLink
      {...common}
      to={item.path}
      // the router marks the link of the current page (aria-current="page", which side-nav.css keys on); by default
      // it marks every path under a link's too, and '/' was the current page everywhere
      activeOptions={{ exact: true, includeSearch: false }}
      onClick={onNavigate}
      aria-label={rail ? text : undefined}
    >
      {content}
    </RouterLink>
  );
  return rail ? (
    <Tooltip content={text} placement="right">
      {link}
    </Tooltip>
  ) : (
    link
  );
}

/** The icon button of a group in the rail (its menu is ./nav-group-menu.tsx). */
export const NavGroupButton = forwardRef<
  HTMLButtonElement,
  { item: MenuItem; label: string } & Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'>
>(function NavGroupButton({ item, label, ...rest }, ref) {
  const Icon = navIcon(item.key);
  return (
    <button
      type="button"
      ref={ref}
      className="sn-item"
      data-rail=""
      aria-label={label}
      data-testid="nav-item"
      data-menu-key={item.key}
      data-available="true"
      {...rest}
    >
      <span className="sn-icon">
        <Icon />
      </span>
    </button>
  );
});

function NavGroup({ item, rail, onNavigate }: { item: MenuItem; rail: boolean; onNavigate?: () => void }) {
  const itemLabel = useItemLabel();
  const [open, setOpen] = useState(true);
  const Icon = navIcon(item.key);
  const children = item.children ?? [];
  const triggerId = `nav-group-${useId()}`;
  const [groupMenu, requestGroupMenu, askedGroupMenu] = useOnDemand(groupMenuModule);
  const [groupCollapsible, requestGroupCollapsible] = useOnDemand(groupCollapsibleModule);

  if (rail) {
    if (groupMenu) return <groupMenu.NavGroupMenu item={item} triggerId={triggerId} onNavigate={onNavigate} openOnMount={askedGroupMenu} />;
    // stand-in until the first use: the same icon button; hover or focus starts loading, a click opens the menu
    return (
      <Tooltip content={itemLabel(item)} placement="right">
        <NavGroupButton
          item={item}
          label={itemLabel(item)}
          id={triggerId}
          aria-haspopup="menu"
          aria-expanded={false}
          onPointerEnter={() => prefetch(groupMenuModule)}
          onFocus={() => prefetch(groupMenuModule)}
          onClick={requestGroupMenu}
        />
      </Tooltip>
    );
  }

  const trigger = (
    <button type="button" className="sn-item" aria-expanded={open} data-testid="nav-item" data-menu-key={item.key} data-available="true">
      <span className="sn-icon">
        <Icon />
      </span>
      <span className="sn-label">{itemLabel(item)}</span>
      <span className="sn-chevron">
        <LuChevronDown />
      </span>
    </button>
  );
  const entries = (
    <div className="sn-entries">
      {children.map((c) => (
        <NavEntry key={c.key} item={c} rail={false} onNavigate={onNavigate} nested />
      ))}
    </div>
  );
  if (groupCollapsible) {
    return (
      <groupCollapsible.NavGroupCollapsible open={open} onOpenChange={setOpen} trigger={trigger}>
        {entries}
      </groupCollapsible.NavGroupCollapsible>
    );
  }
  // stand-in until the first use: the same button and list, shown or hidden without the collapsible's machine; hover
  // or focus starts loading it, which then animates every later toggle
  return (
    <div>
      {cloneElement(trigger, {
        onPointerEnter: () => prefetch(groupCollapsibleModule),
        onFocus: () => prefetch(groupCollapsibleModule),
        onClick: () => {
          requestGroupCollapsible();
          setOpen((o) => !o);
        },
      })}
      <div className="sn-fold" hidden={!open}>
        {entries}
      </div>
    </div>
  );
}
