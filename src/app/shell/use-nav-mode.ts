import { useState } from 'react';
import { useBreakpointValue } from '@chakra-ui/react';

/** narrow phones: hamburger drawer; tablets: icon rail; desktop: full menu (§2 brief). */
export type NavMode = 'drawer' | 'rail' | 'full';

const KEY = 'lebuhraya.nav';

function readPref(): 'expanded' | 'collapsed' | null {
  try {
    const v = localStorage.getItem(KEY);
    return v === 'expanded' || v === 'collapsed' ? v : null;
  } catch {
    return null;
  }
}

export function useNavMode() {
  const base = useBreakpointValue<NavMode>({ base: 'drawer', md: 'rail', xl: 'full' }, { ssr: false }) ?? 'full';
  const [pref, setPref] = useState(readPref);
  const [drawerOpen, setDrawerOpen] = useState(false);

  const mode: NavMode = base === 'drawer' ? 'drawer' : pref === 'expanded' ? 'full' : pref === 'collapsed' ? 'rail' : base;

  const toggle = () => {
    if (mode === 'drawer') return setDrawerOpen((o) => !o);
    const next = mode === 'full' ? 'collapsed' : 'expanded';
    setPref(next);
    try {
      localStorage.setItem(KEY, next);
    } catch {
      /* not remembered */
    }
  };

  return { mode, collapsed: mode === 'rail', drawerOpen, setDrawerOpen, toggle };
}
