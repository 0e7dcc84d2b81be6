import { isPreparedInPage } from './calls';
import { pipelineFetch } from './pipelineFetch';

/**
 * Where a platform call of the page (or of a worker it created) is prepared: by the controlling
 * service worker when one does, except for the reads this context prepares itself
 * (`isPreparedInPage`), which then skip the worker; without one, always here.
 */
export function platformCall(request: Request, workerControls: boolean): Promise<Response> {
  return workerControls && !isPreparedInPage(request.method, new URL(request.url).pathname) ? fetch(request) : pipelineFetch(request);
}
