import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CERTIFICATE_FILE_MAX_BYTES,
  CERTIFICATE_FILE_MAX_COUNT,
  CERTIFICATE_FILE_MIMES,
  CERTIFICATE_SAMPLE_MAX_COUNT,
  CERTIFICATE_SAMPLE_MIMES,
  CERTIFICATE_TEXT,
  CertificateInput,
  CertificateMessage,
  CertificateTypeInput,
  CertificateTypeList,
  CertificateTypeView,
  CertificateView,
  CertificationsOfType,
  CertificationsQuery,
  CertificationsView,
  IdParam,
  can,
  type OwnerKind,
} from '@siteflow/core';
import { inTenant, requireActor, tenantOf, type Actor, type Deps } from '../../platform/context.js';
import { fieldError, forbidden, parseOr422 } from '../../platform/errors.js';
import { readFormWithFiles } from '../../platform/uploads.js';
import { errorResponses as errors, guard, uuidId } from '../../platform/http.js';
import { parseDetailsText } from './fields.js';
import { ownerFor } from './owner.js';
import * as svc from './service.js';
import * as types from './types-service.js';

const OwnerParam = z.object({ ownerId: uuidId });
const OwnerTypeParams = z.object({ ownerId: uuidId, typeId: uuidId });
const OwnerCertParams = z.object({ ownerId: uuidId, certId: uuidId });
const CertParam = z.object({ certId: uuidId });
const SampleParams = z.object({ id: uuidId, fileId: uuidId });

const certificateForm =
  'multipart/form-data (or JSON): type_id, name, license_number, comments, expiry, issue_date (YYYY-MM-DD), country, ' +
  '`details` = JSON text of the type’s own fields (errors keyed `details.<key>`), files[n] (JPG, PNG or PDF by content, ' +
  `under 5 MB each, at most ${CERTIFICATE_FILE_MAX_COUNT} per certificate).`;

const kindOf = (q: { is_service_provider: boolean }): OwnerKind =>
  q.is_service_provider ? 'service_provider' : 'user';

/** The certificate form: files checked by content and size, `details` JSON, then the core schema. */
async function readCertificateForm(request: FastifyRequest) {
  const form = await readFormWithFiles(request, {
    fileField: 'files',
    maxBytes: CERTIFICATE_FILE_MAX_BYTES,
    maxCount: CERTIFICATE_FILE_MAX_COUNT,
    mimes: CERTIFICATE_FILE_MIMES,
    messages: { type: CERTIFICATE_TEXT.fileType, size: CERTIFICATE_TEXT.fileSize, count: CERTIFICATE_TEXT.fileCount },
    listFields: ['existingFiles'],
    jsonFields: ['details'],
  });
  const details = parseDetailsText(form.fields.details);
  if (!details) throw fieldError('details', CERTIFICATE_TEXT.detailsInvalid);
  const { details: _ignored, ...common } = form.fields;
  const parsed = parseOr422(CertificateInput, { ...common, existingFiles: form.lists.existingFiles ?? [] });
  return { form: { ...parsed, details }, files: form.files };
}

/** Check the owner rule before the body is read, so a caller who may not act learns nothing from validation. */
const checkOwner = (deps: Deps, request: FastifyRequest, actor: Actor, kind: OwnerKind, ownerId: string) =>
  inTenant(deps, tenantOf(request).id, (tx) => ownerFor(tx, actor, kind, ownerId, 'manage'));

export function certificateRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const typeTags = ['certificate types'];
  const tags = ['certificates'];
  const manageTypes = guard('certificateTypes.manage');

  // ----- Certificate types (company admins manage; everyone who may see certificates may read them)

  const viewTypes = {
    preValidation: async (request: FastifyRequest) => {
      const actor = requireActor(request);
      if (!can(actor, 'certificates.view') && !can(actor, 'certificateTypes.manage')) throw forbidden();
    },
  };

  r.get(
    '/api/certificate-types',
    { ...viewTypes, schema: { tags: typeTags, response: { 200: CertificateTypeList, ...errors } } },
    async (request) => types.listTypes(deps, tenantOf(request)),
  );

  r.post(
    '/api/certificate-types',
    {
      ...manageTypes,
      schema: { tags: typeTags, body: CertificateTypeInput, response: { 201: CertificateTypeView, ...errors } },
    },
    async (request, reply) => {
      const created = await types.createType(deps, tenantOf(request), request.body);
      reply.code(201);
      return created;
    },
  );

  r.get(
    '/api/certificate-types/:id',
    { ...viewTypes, schema: { tags: typeTags, params: IdParam, response: { 200: CertificateTypeView, ...errors } } },
    async (request) => types.getType(deps, tenantOf(request), request.params.id),
  );

  r.put(
    '/api/certificate-types/:id',
    {
      ...manageTypes,
      schema: {
        tags: typeTags,
        params: IdParam,
        body: CertificateTypeInput,
        response: { 200: CertificateTypeView, ...errors },
      },
    },
    async (request) => types.updateType(deps, tenantOf(request), request.params.id, request.body),
  );

  r.delete(
    '/api/certificate-types/:id',
    {
      ...manageTypes,
      schema: {
        tags: typeTags,
        description: 'Refused (422) while certificates of the type exist: deactivate it instead.',
        params: IdParam,
        response: { 200: CertificateMessage, ...errors },
      },
    },
    async (request) => {
      await types.deleteType(deps, tenantOf(request), request.params.id);
      return { message: CERTIFICATE_TEXT.typeDeleted };
    },
  );

  r.post(
    '/api/certificate-types/:id/samples',
    {
      ...manageTypes,
      schema: {
        tags: typeTags,
        description: `multipart/form-data with files[n]: JPG or PNG images by content, under 5 MB each, at most ${CERTIFICATE_SAMPLE_MAX_COUNT} per type.`,
        params: IdParam,
        response: { 200: CertificateTypeView, ...errors },
      },
    },
    async (request) => {
      const tenant = tenantOf(request);
      await types.getType(deps, tenant, request.params.id); // 404 before reading the upload
      const form = await readFormWithFiles(request, {
        fileField: 'files',
        maxBytes: CERTIFICATE_FILE_MAX_BYTES,
        maxCount: CERTIFICATE_SAMPLE_MAX_COUNT,
        mimes: CERTIFICATE_SAMPLE_MIMES,
        messages: {
          type: CERTIFICATE_TEXT.sampleType,
          size: CERTIFICATE_TEXT.fileSize,
          count: CERTIFICATE_TEXT.sampleCount,
        },
      });
      return types.addSamples(deps, tenant, request.params.id, form.files);
    },
  );

  r.delete(
    '/api/certificate-types/:id/samples/:fileId',
    {
      ...manageTypes,
      schema: { tags: typeTags, params: SampleParams, response: { 200: CertificateTypeView, ...errors } },
    },
    async (request) => types.removeSample(deps, tenantOf(request), request.params.id, request.params.fileId),
  );

  // ----- Certificates of a user or a provider (owner rule: features/certificates/owner.ts)

  r.get(
    '/api/certifications/:ownerId',
    {
      ...guard('certificates.view'),
      schema: {
        tags,
        params: OwnerParam,
        querystring: CertificationsQuery,
        response: { 200: CertificationsView, ...errors },
      },
    },
    async (request) =>
      svc.certificationsView(
        deps,
        tenantOf(request),
        requireActor(request),
        kindOf(request.query),
        request.params.ownerId,
      ),
  );

  r.get(
    '/api/certifications/:ownerId/types/:typeId',
    {
      ...guard('certificates.view'),
      schema: {
        tags,
        params: OwnerTypeParams,
        querystring: CertificationsQuery,
        response: { 200: CertificationsOfType, ...errors },
      },
    },
    async (request) =>
      svc.certificationsOfType(
        deps,
        tenantOf(request),
        requireActor(request),
        kindOf(request.query),
        request.params.ownerId,
        request.params.typeId,
      ),
  );

  r.post(
    '/api/certifications/:ownerId',
    {
      ...guard('certificates.manage'),
      schema: {
        tags,
        description: certificateForm,
        params: OwnerParam,
        querystring: CertificationsQuery,
        response: { 201: CertificateView, ...errors },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request); // guard('certificates.manage') has authorized
      const kind = kindOf(request.query);
      await checkOwner(deps, request, actor, kind, request.params.ownerId);
      const { form, files } = await readCertificateForm(request);
      const created = await svc.createCertificate(
        deps,
        tenantOf(request),
        actor,
        kind,
        request.params.ownerId,
        form,
        files,
      );
      reply.code(201);
      return created;
    },
  );

  r.put(
    '/api/certifications/:ownerId/:certId',
    {
      ...guard('certificates.manage'),
      schema: {
        tags,
        description: `${certificateForm} existingFiles[n] = ids of the files kept; the others are deleted.`,
        params: OwnerCertParams,
        querystring: CertificationsQuery,
        response: { 200: CertificateView, ...errors },
      },
    },
    async (request) => {
      const actor = requireActor(request); // guard('certificates.manage') has authorized
      const kind = kindOf(request.query);
      await checkOwner(deps, request, actor, kind, request.params.ownerId);
      const { form, files } = await readCertificateForm(request);
      return svc.updateCertificate(
        deps,
        tenantOf(request),
        actor,
        kind,
        request.params.ownerId,
        request.params.certId,
        form,
        files,
      );
    },
  );

  r.delete(
    '/api/certificates/:certId',
    {
      ...guard('certificates.manage'),
      schema: { tags, params: CertParam, response: { 200: CertificateMessage, ...errors } },
    },
    async (request) => {
      await svc.deleteCertificate(deps, tenantOf(request), requireActor(request), request.params.certId);
      return { message: CERTIFICATE_TEXT.deleted };
    },
  );
}
