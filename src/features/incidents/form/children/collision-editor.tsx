/** Jenis Pelanggaran (§2.9, §3.5): the collision type; 265 also asks the animal type, 266 and 267 the obstacle type. */
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/children';
import { SelectField } from '../controls';
import { checkCollision, collisionAsks } from '../children-rules';
import { ChildListEditor, RowPart } from './child-list-frame';
import { useLookupOptions } from './fields';
import type { ListEditorProps } from './types';

interface Draft {
  typeId: number | null;
  halanganId: number | null;
  collisionListId: number | null;
}

export function CollisionEditor(props: ListEditorProps) {
  const t = useT();
  const types = useLookupOptions('collisionType');
  const animals = useLookupOptions('strayAnimalType');
  const obstacles = useLookupOptions('obstacleObjectType');

  return (
    <ChildListEditor<'collisions', Draft>
      {...props}
      field="collisions"
      list="collisionList"
      texts="collision"
      blank={() => ({ typeId: null, halanganId: null, collisionListId: null })}
      draftOf={(c) => ({ typeId: c.jenisPerlanggaran.key, halanganId: c.jenisHalangan?.key ?? null, collisionListId: c.collisionListId })}
      build={(d, { uid }) => {
        const err = checkCollision(d.typeId, d.halanganId);
        if (err || d.typeId === null) return err ?? 'collisionTypeRequired';
        const asks = collisionAsks(d.typeId);
        const source = asks === 'animal' ? animals : asks === 'obstacle' ? obstacles : null;
        return {
          uid,
          collisionListId: d.collisionListId,
          jenisPerlanggaran: { key: d.typeId, value: types.labelOf(d.typeId) || `#${d.typeId}` },
          jenisHalangan: source && d.halanganId !== null ? { key: d.halanganId, value: source.labelOf(d.halanganId) || `#${d.halanganId}` } : null,
        };
      }}
      row={(c) => (
        <>
          <RowPart>
            <strong>{types.labelOf(c.jenisPerlanggaran.key) || c.jenisPerlanggaran.value}</strong>
          </RowPart>
          {c.jenisHalangan && (
            <RowPart label={t(collisionAsks(c.jenisPerlanggaran.key) === 'animal' ? 'children.collision.animal' : 'children.collision.obstacle')}>
              {(collisionAsks(c.jenisPerlanggaran.key) === 'animal' ? animals : obstacles).labelOf(c.jenisHalangan.key) || c.jenisHalangan.value}
            </RowPart>
          )}
        </>
      )}
      fields={(d, update) => {
        const asks = collisionAsks(d.typeId);
        return (
          <>
            <SelectField
              label={t('children.collision.type')}
              placeholder={t('children.collision.typePick')}
              value={d.typeId}
              // another type asks another thing (or nothing): the old answer goes
              onChange={(x) => update({ typeId: x, halanganId: collisionAsks(x) === asks ? d.halanganId : null })}
              options={types.options}
              loading={types.pending}
              required
              testId="child-collision-type"
            />
            {asks === 'animal' && (
              <SelectField
                label={t('children.collision.animal')}
                placeholder={t('children.collision.animalPick')}
                value={d.halanganId}
                onChange={(x) => update({ halanganId: x })}
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
                value={d.halanganId}
                onChange={(x) => update({ halanganId: x })}
                options={obstacles.options}
                loading={obstacles.pending}
                required
                testId="child-collision-obstacle"
              />
            )}
          </>
        );
      }}
    />
  );
}
