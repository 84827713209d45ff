import { useEffect, useRef, useState, type RefObject } from 'react';
import { createMapKit, type MapKit } from './ol-kit';

type KitOptions = Parameters<typeof createMapKit>[1];

/** One OpenLayers map on an element for the component's life; null until the element is there. */
export function useMapKit(ref: RefObject<HTMLDivElement | null>, options: KitOptions): MapKit | null {
  const [kit, setKit] = useState<MapKit | null>(null);
  const first = useRef(options);
  useEffect(() => {
    if (!ref.current) return;
    const k = createMapKit(ref.current, first.current);
    setKit(k);
    // the element may get its size after the first layout (dialogs animate in)
    const ro = new ResizeObserver(() => k.map.updateSize());
    ro.observe(ref.current);
    return () => {
      ro.disconnect();
      k.dispose();
      setKit(null);
    };
  }, [ref]);
  return kit;
}

/** Whether the basemap has failed to give any tile (all tiles failed so far, at least one asked). */
export function useTilesUnavailable(kit: MapKit | null): boolean {
  const [down, setDown] = useState(false);
  useEffect(() => {
    if (!kit) return;
    return kit.onTiles((s) => setDown(s.failed > 0 && s.loaded === 0));
  }, [kit]);
  return down;
}
