/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/react" />

interface ImportMetaEnv {
  /** basemap tile URL template (issue #7); default OpenStreetMap */
  readonly VITE_TILE_URL?: string;
  /** the attribution of those tiles; default '© OpenStreetMap contributors' */
  readonly VITE_TILE_ATTRIBUTION?: string;
}
