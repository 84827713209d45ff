/** Payload mapping of the new-case form: incident/save (§3.1) and the subform saves (§3.4), checked against the contract schemas. */
import { describe, expect, it } from 'vitest';
import { EVENT_TYPE } from '@contract/lookups';
import { EVENT_TYPE_IDS, SUBFORMS } from '@contract/incident-rules';
import { IncidentSaveSchema, SUBFORM_SAVE_SCHEMAS, type SubformRecord } from '@contract/incidents';
import {
  IncidentMainSchema,
  SubformSchema,
  emptyMainValues,
  emptySubformValues,
  mainValuesFromIncident,
  normalizeRemark,
  subformFailedKey,
  subformValuesFromRecord,
  toIncidentSavePayload,
  toSubformPayload,
  type IncidentMainValues,
} from '@/features/incidents/form/model';
import { newCaseMs as ms } from '@/lib/i18n/parts/new-case';

const main = (over: Partial<IncidentMainValues> = {}): IncidentMainValues => ({
  ...emptyMainValues(),
  pkSectionId: 12,
  pkIncidentSourceId: 1101,
  pkIncidentCategoryId: EVENT_TYPE.BREAKDOWN,
  pkHighwayId: 1,
  pkEventLocationId: 501,
  pkLocationTypeId: 1001,
  pkCardinalDirectionId: 1201,
  kilometerMarker: ' 245.6 ',
  pkDutyRosterId: 77,
  pkWeatherConditionId: 1301,
  pkLightingConditionId: null,
  ...over,
});

describe('incident/save payload', () => {
  it('maps the form one-to-one and passes the server schema', () => {
    const p = toIncidentSavePayload(main({ kmMatched: true, latitude: 3.1, longtitude: 101.5 }));
    expect(p).toEqual({
      pkIncidentSourceId: 1101,
      pkSectionId: 12,
      pkSpecificSectionId: null,
      pkDutyRosterId: 77,
      pkIncidentCategoryId: EVENT_TYPE.BREAKDOWN,
      pkEventLocationId: 501,
      pkLocationTypeId: 1001,
      pkCardinalDirectionId: 1201,
      pkWeatherConditionId: 1301,
      pkLightingConditionId: null,
      kilometerMarker: '245.6',
      pkHighwayId: 1,
      latitude: 3.1,
      longtitude: 101.5,
    });
    expect(IncidentSaveSchema.safeParse(p).success).toBe(true);
    // a new case sends no date/time and no id: the server stamps them (§4.2)
    expect(p).not.toHaveProperty('date');
    expect(p).not.toHaveProperty('pkIncidentId');
  });

  it('sends coordinates only from a marker match', () => {
    const p = toIncidentSavePayload(main({ kmMatched: false, latitude: 3.1, longtitude: 101.5 }));
    expect(p.latitude).toBeNull();
    expect(p.longtitude).toBeNull();
  });

  it('sends the specific section of a combined section, none otherwise', () => {
    expect(toIncidentSavePayload(main({ isCombinedSection: true, pkSpecificSectionId: 5 })).pkSpecificSectionId).toBe(5);
    expect(toIncidentSavePayload(main({ pkSpecificSectionId: 5 })).pkSpecificSectionId).toBeNull();
    expect(() => toIncidentSavePayload(main({ isCombinedSection: true }))).toThrow(/pkSpecificSectionId/);
  });

  it('adds id, version and justification when editing', () => {
    const p = toIncidentSavePayload(main(), {
      pkIncidentId: 9,
      version: 3,
      justification: 'Salah KM',
    });
    expect(p).toMatchObject({
      pkIncidentId: 9,
      version: 3,
      justification: 'Salah KM',
    });
    expect(IncidentSaveSchema.safeParse(p).success).toBe(true);
  });

  it('refuses to map a form missing a required choice', () => {
    expect(() => toIncidentSavePayload(main({ pkSectionId: null }))).toThrow(/pkSectionId/);
  });

  it('client form rules agree with the server on the kilometre', () => {
    const bad = IncidentMainSchema.safeParse(main({ kilometerMarker: 'abc' }));
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.message)).toContain('Min 1 aksara bernombor');
    expect(
      IncidentSaveSchema.safeParse({
        ...toIncidentSavePayload(main()),
        kilometerMarker: 'abc',
      }).success,
    ).toBe(false);
    expect(IncidentMainSchema.safeParse(main()).success).toBe(true);
    const combined = IncidentMainSchema.safeParse(main({ isCombinedSection: true }));
    expect(combined.error?.issues[0]?.path).toEqual(['pkSpecificSectionId']);
  });

  it('reads a saved incident back into the form', () => {
    const v = mainValuesFromIncident({
      section: {
        pkSectionId: 31,
        sectionName: 'N1+N2',
        isCombined: true,
        region: { key: 21, value: 'Utara', description: 'U' },
      },
      specificSection: { pkSectionId: 1, sectionName: 'N1' },
      incidentSource: { key: 1101, value: 'x', description: null },
      incidentCategory: { key: 184, value: 'Kemalangan', description: null },
      highway: { key: 1, value: 'E1', description: null },
      eventLocation: { key: 7, value: 'Plaza Tol', description: null },
      locationType: null,
      cardinalDirection: { key: 1202, value: 'Arah Selatan', description: 'S' },
      kilometerMarker: '12.3',
      dutyRoster: null,
      weatherCondition: null,
      lightingCondition: { key: 1401, value: 'Siang', description: null },
      latitude: 6.1,
      longtitude: 100.4,
    } as never);
    expect(v).toMatchObject({
      pkSectionId: 31,
      pkSpecificSectionId: 1,
      isCombinedSection: true,
      pkIncidentCategoryId: 184,
      pkEventLocationId: 7,
      kilometerMarker: '12.3',
      pkDutyRosterId: null,
      kmMatched: true,
    });
  });
});

describe('subform payloads', () => {
  const filled = {
    ...emptySubformValues(),
    remark: 'lori rosak di bahu jalan',
    pkCasualTypeId: 1602,
    pkAssistTypeId: 1902,
    naFlagTrafficJam: true,
    pkBreakdownCauseId: 2401,
    pkObstacleObjectTypeId: 1801,
    pkStrayAnimalTypeId: 2601,
    moveToSafety: true,
    pkHazardTypeId: 2501,
    pkOthersTypeId: 2801,
  };

  it('every type sends pkIncidentId, its numeric incident-type id, an upper-case remark and only its own fields', () => {
    for (const type of EVENT_TYPE_IDS) {
      const p = toSubformPayload(type, filled, 55);
      expect(p.pkIncidentId).toBe(55);
      expect(p.incidentTypeId).toBe(type);
      expect(p.remark).toBe('LORI ROSAK DI BAHU JALAN');
      const schema = SUBFORM_SAVE_SCHEMAS[SUBFORMS[type].kind];
      const parsed = schema.safeParse(p);
      expect(parsed.success, `${type}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
      // nothing sent that the type's schema does not know
      expect(
        Object.keys(p).every((k) => k in schema.shape),
        String(type),
      ).toBe(true);
    }
  });

  it('maps each type to its fields', () => {
    expect(toSubformPayload(EVENT_TYPE.ACCIDENT, filled, 1)).toEqual({
      pkIncidentId: 1,
      incidentTypeId: 184,
      remark: 'LORI ROSAK DI BAHU JALAN',
      pkCasualTypeId: 1602,
      pkAssistTypeId: 1902,
      naFlagTrafficJam: true,
      naFlagLaneClosure: false,
      naFlagRoadFurniture: false,
    });
    expect(toSubformPayload(EVENT_TYPE.BREAKDOWN, filled, 1)).toMatchObject({
      pkBreakdownCauseId: 2401,
      pkAssistTypeId: 1902,
    });
    expect(toSubformPayload(EVENT_TYPE.OBSTACLE, filled, 1)).toMatchObject({
      pkObstacleObjectTypeId: 1801,
      moveToSafety: true,
    });
    expect(toSubformPayload(EVENT_TYPE.STRAY_ANIMAL, filled, 1)).toMatchObject({
      pkStrayAnimalTypeId: 2601,
      moveToSafety: true,
    });
    expect(toSubformPayload(EVENT_TYPE.ROAD_CONDITION, filled, 1)).toMatchObject({ pkHazardTypeId: 2501 });
    expect(toSubformPayload(EVENT_TYPE.OTHERS, filled, 1)).toMatchObject({
      pkOthersTypeId: 2801,
      pkAssistTypeId: 1902,
    });
    expect(Object.keys(toSubformPayload(EVENT_TYPE.ROAD_FURNITURE, filled, 1)).sort()).toEqual([
      'incidentTypeId',
      'pkAssistTypeId',
      'pkIncidentId',
      'remark',
    ]);
  });

  it('188 and 189 only take the other-assistance choice (277)', () => {
    expect(toSubformPayload(EVENT_TYPE.ROAD_FURNITURE, filled, 1).pkAssistTypeId).toBeNull();
    expect(toSubformPayload(EVENT_TYPE.ROAD_CONDITION, { ...filled, pkAssistTypeId: 277 }, 1).pkAssistTypeId).toBe(277);
  });

  it('a saved subform sends its own id and version (an update, not a second record)', () => {
    const p = toSubformPayload(EVENT_TYPE.OBSTACLE, { ...filled, subformId: 42, version: 2 }, 1);
    expect(p).toMatchObject({ pkIncidentObstacleId: 42, version: 2 });
    expect(SUBFORM_SAVE_SCHEMAS.obstacle.safeParse(p).success).toBe(true);
  });

  it('remark: upper case, at most 500', () => {
    expect(normalizeRemark('abc é')).toBe('ABC É');
    expect(normalizeRemark('x'.repeat(600))).toHaveLength(500);
    expect(
      SubformSchema.safeParse({
        ...emptySubformValues(),
        remark: 'X'.repeat(501),
      }).success,
    ).toBe(false);
  });

  it('reads a saved record back', () => {
    const rec = {
      ...filled,
      subformId: 8,
      pkIncidentId: 1,
      incidentTypeId: 186,
      remark: 'ok',
      naFlagLaneClosure: false,
      naFlagRoadFurniture: false,
      version: 1,
      modifiedDate: '',
    } as unknown as SubformRecord;
    expect(subformValuesFromRecord(rec)).toMatchObject({
      subformId: 8,
      version: 1,
      remark: 'OK',
      pkObstacleObjectTypeId: 1801,
    });
  });

  it('failure messages of §8 per subform', () => {
    expect(ms[subformFailedKey(EVENT_TYPE.ACCIDENT)]).toBe('Ops! Informasi kemalangan tidak berjaya disimpan.');
    expect(ms[subformFailedKey(EVENT_TYPE.OBSTACLE)]).toBe('Ops! InformasiObstacle information tidak berjaya disimpan.');
    expect(ms[subformFailedKey(EVENT_TYPE.BREAKDOWN)]).toMatch(/kerosakan/);
    expect(ms[subformFailedKey(EVENT_TYPE.STRAY_ANIMAL)]).toMatch(/haiwan liar/);
    expect(ms[subformFailedKey(EVENT_TYPE.ROAD_CONDITION)]).toMatch(/keadaan jalan/);
    expect(ms[subformFailedKey(EVENT_TYPE.ROAD_FURNITURE)]).toMatch(/perabot jalan/);
    expect(ms[subformFailedKey(EVENT_TYPE.OTHERS)]).toMatch(/kes lain/);
  });
});
