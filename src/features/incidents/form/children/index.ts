export { VehicleEditor } from './vehicle-editor';
export { CollisionEditor } from './collision-editor';
export { InjuryEditor } from './injury-editor';
export { SectionChips } from './section-chips';
export { AssistEditor, assistStatusText } from './assist-editor';
export { AssetDamageEditor } from './asset-damage-editor';
export { LaneClosureEditor } from './lane-closure-editor';
export { TrafficJamEditor } from './traffic-jam-editor';
export type { ListEditorProps } from './types';
