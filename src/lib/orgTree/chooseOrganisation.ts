import { switchScope, type SwitchOutcome } from '../../session/page/switching';
import { notify } from '../notify';
import { orgTreeEngine } from './orgTreeClient';
import { publishOrgTree } from './orgTreeService';

/**
 * The member picks an organisation: a refresh with organization_id makes it the session's current
 * organisation (contract: no claim changes), so the choice is remembered here. A refused or
 * unanswered switch changes nothing and says so.
 */
export async function chooseOrganisation(id: string, switcher: typeof switchScope = switchScope): Promise<SwitchOutcome> {
  const outcome = await switcher({ organization_id: id });
  if (outcome === 'same-scope') publishOrgTree(await (await orgTreeEngine()).setCurrent(id));
  else if (outcome === 'refused' || outcome === 'unreachable') notify({ type: 'error', titleKey: 'SwitchFailed' });
  return outcome;
}
