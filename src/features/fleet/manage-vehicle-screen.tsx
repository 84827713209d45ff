/**
 * /managevehicle (issue #16; §2.1, §3.12, §4.7): the fleet of the caller's scope on three tabs kept in the URL —
 * Kenderaan (every status, the §3.12 row with model and the "needs attention" mark, the isActive toggle, CSV),
 * Callsign (add, edit, delete in a dialog) and Model Kenderaan (add, edit in a dialog). Everyone with readOrg reads;
 * fleetManage changes.
 */
import { Box, Button, Flex } from '@chakra-ui/react';
import { LuCar, LuCirclePlus, LuRadioTower, LuTags } from 'react-icons/lu';
import { useNavigate } from '@tanstack/react-router';
import { useT } from '@/lib/i18n';
import '@/lib/i18n/parts/fleet';
import { PageHeader } from '@/ui/page-header';
import { CallsignTab } from './callsign-tab';
import { useFleetAccess } from './fleet-parts';
import type { ManageVehicleSearch, VehicleTab } from './fleet-search';
import { ModelTab } from './model-tab';
import { VehicleListTab } from './vehicle-list-tab';
import { TabButton } from '@/ui/tab-button';

export function ManageVehicleScreen({ search, onSearchChange }: { search: ManageVehicleSearch; onSearchChange: (s: ManageVehicleSearch) => void }) {
  const t = useT();
  const navigate = useNavigate();
  const { mayManage } = useFleetAccess();
  const tab: VehicleTab = search.tab ?? 'kenderaan';
  // a tab of its own: its filters and paging start afresh
  const open = (next: VehicleTab) => onSearchChange(next === 'kenderaan' ? {} : { tab: next });

  return (
    <Box>
      <PageHeader
        title={t('fleet.vehicles.title')}
        subtitle={t(mayManage ? 'fleet.vehicles.subtitle' : 'fleet.readOnly')}
        actions={
          mayManage && tab === 'kenderaan' ? (
            <Button colorPalette="brand" minH="11" onClick={() => void navigate({ to: '/registervehicle' })} data-testid="vehicle-new">
              <LuCirclePlus /> {t('fleet.vehicle.new')}
            </Button>
          ) : undefined
        }
      />
      <Flex role="tablist" aria-label={t('fleet.vehicles.title')} gap="1" mb="5" borderBottomWidth="1px" borderColor="border" overflowX="auto">
        <TabButton selected={tab === 'kenderaan'} onClick={() => open('kenderaan')} icon={<LuCar />} testId="vehicle-tab-kenderaan">
          {t('fleet.tab.vehicles')}
        </TabButton>
        <TabButton selected={tab === 'callsign'} onClick={() => open('callsign')} icon={<LuRadioTower />} testId="vehicle-tab-callsign">
          {t('fleet.tab.callsigns')}
        </TabButton>
        <TabButton selected={tab === 'model'} onClick={() => open('model')} icon={<LuTags />} testId="vehicle-tab-model">
          {t('fleet.tab.models')}
        </TabButton>
      </Flex>
      <Box role="tabpanel">
        {tab === 'kenderaan' ? (
          <VehicleListTab search={search} onSearchChange={onSearchChange} />
        ) : tab === 'callsign' ? (
          <CallsignTab search={search} onSearchChange={onSearchChange} />
        ) : (
          <ModelTab search={search} onSearchChange={onSearchChange} />
        )}
      </Box>
    </Box>
  );
}
