/** Jenis Pelanggaran (§2.9, §3.5): the collision type; 265 also asks the animal type, 266 and 267 the obstacle type. */
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/children';
import { SelectField } from '../controls';
import { newUid, type CollisionItem } from '../children-model';
import { canAdd, checkCollision, collisionAsks, removeItem, upsertItem } from '../children-rules';
import { ChildDialog } from './child-dialog';
import { ChildListFrame, ChildRow, RowPart } from './child-list-frame';
import { useItemDialog, useLookupOptions, useRuleText } from './fields';
import type { ListEditorProps } from './types';

const LIST = 'collisionList';

interface Draft {
  typeId: number | null;
  halanganId: number | null;
  collisionListId: number | null;
}

export function CollisionEditor({ value, onChange, disabled }: ListEditorProps) {
  const t = useT();
  const ruleText = useRuleText();
  const types = useLookupOptions('collisionType');
  const animals = useLookupOptions('strayAnimalType');
  const obstacles = useLookupOptions('obstacleObjectType');
  const dlg = useItemDialog<Draft>();
  const items = value.collisions;
  const asks = collisionAsks(dlg.draft?.typeId ?? null);

  const save = () => {
    const d = dlg.draft;
    if (!d) return;
    const err = checkCollision(d.typeId, d.halanganId);
    if (err || d.typeId === null) return dlg.setError(ruleText(err ?? 'collisionTypeRequired'));
    const source = asks === 'animal' ? animals : asks === 'obstacle' ? obstacles : null;
    const item: CollisionItem = {
      uid: dlg.editingUid ?? newUid(),
      collisionListId: d.collisionListId,
      jenisPerlanggaran: { key: d.typeId, value: types.labelOf(d.typeId) || `#${d.typeId}` },
      jenisHalangan: source && d.halanganId !== null ? { key: d.halanganId, value: source.labelOf(d.halanganId) || `#${d.halanganId}` } : null,
    };
    onChange(upsertItem(value, 'collisions', item));
    dlg.close();
  };

  return (
    <>
      <ChildListFrame
        list={LIST}
        title={t('children.collision.title')}
        onAdd={() => dlg.start({ typeId: null, halanganId: null, collisionListId: null }, null)}
        canAdd={canAdd(value, 'collisions', { disabled })}
        disabled={disabled}
        count={items.length}
        emptyHint={t('children.collision.empty')}
      >
        {items.map((c) => (
          <ChildRow
            key={c.uid}
            list={LIST}
            uid={c.uid}
            disabled={disabled}
            onEdit={() =>
              dlg.start({ typeId: c.jenisPerlanggaran.key, halanganId: c.jenisHalangan?.key ?? null, collisionListId: c.collisionListId }, c.uid)
            }
            onDelete={() => onChange(removeItem(value, 'collisions', c.uid))}
          >
            <RowPart>
              <strong>{c.jenisPerlanggaran.value}</strong>
            </RowPart>
            {c.jenisHalangan && (
              <RowPart label={t(collisionAsks(c.jenisPerlanggaran.key) === 'animal' ? 'children.collision.animal' : 'children.collision.obstacle')}>
                {c.jenisHalangan.value}
              </RowPart>
            )}
          </ChildRow>
        ))}
      </ChildListFrame>
      {dlg.draft && (
        <ChildDialog
          list={LIST}
          open={dlg.open}
          title={t(dlg.editingUid ? 'children.collision.editTitle' : 'children.collision.addTitle')}
          error={dlg.error}
          onSave={save}
          onCancel={dlg.close}
        >
          <SelectField
            label={t('children.collision.type')}
            placeholder={t('children.collision.typePick')}
            value={dlg.draft.typeId}
            // another type asks another thing (or nothing): the old answer goes
            onChange={(x) => dlg.update({ typeId: x, halanganId: collisionAsks(x) === asks ? dlg.draft!.halanganId : null })}
            options={types.options}
            loading={types.pending}
            required
            testId="child-collision-type"
          />
          {asks === 'animal' && (
            <SelectField
              label={t('children.collision.animal')}
              placeholder={t('children.collision.animalPick')}
              value={dlg.draft.halanganId}
              onChange={(x) => dlg.update({ halanganId: x })}
              options={animals.options}
              loading={animals.pending}
              required
              testId="child-collision-animal"
            />
          )}
          {asks === 'obstacle' && (
            <SelectField
              label={t('children.collision.obstacle')}
              placeholder={t('children.collision.obstaclePick')}
              value={dlg.draft.halanganId}
              onChange={(x) => dlg.update({ halanganId: x })}
              options={obstacles.options}
              loading={obstacles.pending}
              required
              testId="child-collision-obstacle"
            />
          )}
        </ChildDialog>
      )}
    </>
  );
}
