/**
 * The Contacts routes (/api/contact-v2, the contract of common/modules/contactV2/schemas.ts): the
 * contacts (list, create, read, history, edit, delete and restore, from the platform's record
 * routes), a site's contacts, the vCard of one contact or of a filtered list, the vCard import,
 * the duplicates and their merge. Reading takes `contactV2.contactV2_read`, every write and the
 * duplicates `contactV2.admin`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import Type from 'typebox';
import {
  Contact,
  ContactCreate,
  ContactListQuery,
  ContactPage,
  ContactUpdate,
  DuplicateGroup,
  MergeBody,
  SiteContact,
  SiteContactsQuery,
  VCARD_EXPORT_MAX,
  VCARD_IMPORT_MAX_BYTES,
  VcardImportBody,
  VcardImportResult,
  type Contact as ContactType,
  type ContactCreate as ContactCreateType,
  type ContactFields,
  type VcardImportResult as VcardImportResultType,
} from '../../../../common/modules/contactV2/schemas.js';
import { can } from '../../../../common/rights.js';
import { ErrorResponses, FileBytes } from '../../../../common/schemas/envelope.js';
import type { Queryable } from '../../db/types.js';
import { respond } from '../../plugins/respond.js';
import { requireCan, rightsOf } from '../../plugins/rights.js';
import type { RouteContext } from '../../routes/context.js';
import { ExportQuerystring, IdParams, ListQuerystring, listQuery, recordRoutes, writeAndAnnounce, sessionScope } from '../_platform/record-routes.js';
import { Envelope, WriteHeaders } from '../_platform/schemas.js';
import { siteChoicesRoute } from '../_platform/site-choices.js';
import { CONTACT_MODULE, ContactRepository } from './repository.js';

const ExportQuery = ExportQuerystring(ContactListQuery);

/** A file name's safe part (a contact's name in its .vcf's name). */
const fileName = (name: string) => name.normalize('NFD').replace(/\p{M}/gu, '').replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '').toLowerCase() || 'contact';

export async function contactRoutes(app: FastifyInstance, ctx: RouteContext): Promise<void> {
  app.addHook('onRequest', app.authenticate);
  const read = requireCan('contactV2', 'read');
  const manage = requireCan('contactV2', 'manage');
  const tags = ['contact-v2'];

  const repository = async (request: FastifyRequest, tx?: Queryable) => {
    return new ContactRepository(sessionScope(ctx, request, tx), can(await rightsOf(request), 'contactV2', 'manage'));
  };

  recordRoutes(app, ctx, {
    tag: 'contact-v2',
    read,
    manage,
    repository,
    store: (repo: ContactRepository) => repo.store,
    path: '/contacts',
    module: CONTACT_MODULE,
    schemas: { record: Contact, create: ContactCreate, update: ContactUpdate, listQuery: ListQuerystring(ContactListQuery), listAnswer: ContactPage },
    kind: (repo) => repo.contacts,
    list: (repo, query) => repo.listContacts(listQuery(query)),
    cachePages: true,
    // The vCard UID is the contact's id unless the app gave one.
    fieldsOf: (body: ContactCreateType) => {
      const { id, ...fields } = body;
      return { ...fields, uid: fields.uid?.trim() || id } as ContactFields;
    },
  });

  // The form's site picker, for the contacts' readers (a field user without the sites right too).
  siteChoicesRoute(app, read);

  app.get('/site-contacts', { onRequest: read, schema: { tags, querystring: SiteContactsQuery, response: { 200: Envelope(Type.Array(SiteContact)) } } }, async (request) =>
    respond(request, await (await repository(request)).siteContacts(request.query as { site?: string; role?: string })),
  );

  app.get('/contacts/export.vcf', { onRequest: read, schema: { tags, querystring: ExportQuery, response: { 200: FileBytes, ...ErrorResponses } } }, async (request, reply) => {
    const text = await (await repository(request)).exportVcards(request.query as never, VCARD_EXPORT_MAX);
    const day = new Date().toISOString().slice(0, 10);
    return reply.header('content-type', 'text/vcard; charset=utf-8').header('content-disposition', `attachment; filename="contacts-${day}.vcf"`).send(text);
  });

  app.get('/contacts/:id/vcard', { onRequest: read, schema: { tags, params: IdParams, response: { 200: FileBytes, ...ErrorResponses } } }, async (request, reply) => {
    const { name, text } = await (await repository(request)).vcardOf((request.params as { id: string }).id);
    return reply.header('content-type', 'text/vcard; charset=utf-8').header('content-disposition', `attachment; filename="${fileName(name)}.vcf"`).send(text);
  });

  app.post(
    '/import',
    { onRequest: manage, bodyLimit: VCARD_IMPORT_MAX_BYTES * 2 + 1024, schema: { tags, headers: WriteHeaders, body: VcardImportBody, response: { 200: Envelope(VcardImportResult) } } },
    async (request, reply) =>
      respond(
        request,
        await writeAndAnnounce(
          ctx,
          request,
          reply,
          200,
          (result: VcardImportResultType) => result.ids.map((id) => ({ module: CONTACT_MODULE, id, version: null })),
          async (tx) => (await repository(request, tx)).importVcards((request.body as { vcf: string }).vcf),
        ),
      ),
  );

  app.get('/duplicates', { onRequest: manage, schema: { tags, response: { 200: Envelope(Type.Array(DuplicateGroup)) } } }, async (request) =>
    respond(request, await (await repository(request)).duplicates()),
  );

  app.post(
    '/contacts/:id/merge',
    { onRequest: manage, schema: { tags, params: IdParams, headers: WriteHeaders, body: MergeBody, response: { 200: Envelope(Contact) } } },
    async (request, reply) => {
      const body = request.body as MergeBody;
      return respond(
        request,
        await writeAndAnnounce(
          ctx,
          request,
          reply,
          200,
          (contact: ContactType) => [
            { module: CONTACT_MODULE, id: contact.id, version: contact.version },
            { module: CONTACT_MODULE, id: body.otherId, version: null },
          ],
          async (tx) => (await repository(request, tx)).merge((request.params as { id: string }).id, body),
        ),
      );
    },
  );
}
