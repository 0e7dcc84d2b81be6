/**
 * Stand-in for the CRM's web-to-lead (and web-to-case) form receiver. The post lands in the
 * request log (multipart fields as an object), which is how tests check what was sent. The client
 * never reads the answer; missing required fields still get the CRM-like 400.
 */
import { escapeHtml, html, htmlPage, type Reply } from '../http.ts';
import type { RequestContext } from '../context.ts';
import type { RouteDef } from '../router.ts';
import { CRM_PATH } from '../data/content.ts';

/** Contract WebToLeadForm.required. */
const REQUIRED_LEAD_FIELDS = ['oid', 'first_name', 'last_name', 'email', 'lead_source', 'submit', 'Tenant_GUID'];

function fieldsOf(ctx: RequestContext): Record<string, string> | null {
  if (ctx.body.kind === 'multipart' || ctx.body.kind === 'form') return ctx.body.fields;
  return null;
}

function webToLead(ctx: RequestContext): Reply {
  const fields = fieldsOf(ctx);
  if (!fields) return html(400, htmlPage('Rejected', '<p>Expected a form post.</p>'));
  const missing = REQUIRED_LEAD_FIELDS.filter((name) => !fields[name]);
  if (missing.length > 0) return html(400, htmlPage('Rejected', `<p>Missing fields: ${escapeHtml(missing.join(', '))}</p>`));
  return html(200, htmlPage('Thank you', '<p>Thank you. Your request was received.</p>'));
}

function webToCase(ctx: RequestContext): Reply {
  if (!fieldsOf(ctx)) return html(400, htmlPage('Rejected', '<p>Expected a form post.</p>'));
  return html(200, htmlPage('Thank you', '<p>Thank you. Your case was received.</p>'));
}

export const crmRoutes: RouteDef[] = [
  { method: 'POST', pattern: CRM_PATH, auth: 'none', handler: webToLead },
  { method: 'POST', pattern: '/crm/servlet/servlet.WebToCase', auth: 'none', handler: webToCase },
];
