import { expose } from 'comlink';
import { OrgTreeEngine } from '../src/core/orgTree/orgTreeEngine';
import { provideDpop } from '../src/session/core/dpopProvider';

/** The organisation-tree worker: the engine, exposed through Comlink (the page's client is lib/orgTree/orgTreeClient). */
// The start-up read it makes without a controlling service worker signs its DPoP proof here.
provideDpop(() => import('../src/session/core/dpop'));
expose(new OrgTreeEngine());
