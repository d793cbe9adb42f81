import { sessionScope as scope } from "../session-scope.js";
import { NoContent } from "../../contract/fields.js";
import { OrgParams } from "../../contract/params.js";
import {
  CreatedWebhook,
  CreateWebhookBody,
  DeliveryList,
  DeliveryListQuery,
  DeliveryRecord,
  OrgDeliveryParams,
  OrgWebhookParams,
  WebhookList,
  WebhookPatchBody,
  WebhookRecord,
} from "../../contract/webhooks.js";
import * as webhooks from "../../services/webhooks/manage-webhooks.js";
import { webhookSettings, type AppRoutes } from "../deps.js";
import { MANAGEMENT_RESPONSES, signedInRoutes } from "./management-responses.js";
import { noContent } from "../route-options.js";

/** Webhooks of an organization (docs/webhooks.md); every use case needs `org:manage_team` (so reads may be 403). */
export const webhookRoutes: AppRoutes = (deps) => async (app) => {
  const { sql } = deps;
  const settings = webhookSettings(deps);
  const route = signedInRoutes(app, deps, "webhooks");
  const { remove: read, write } = MANAGEMENT_RESPONSES;

  app.get(
    "/api/orgs/:orgId/webhooks",
    route({
      summary: "Lists the organization's webhook endpoints (never their secrets).",
      params: OrgParams,
      response: { 200: WebhookList, ...read },
    }),
    async (request) => ({ webhooks: await webhooks.listWebhooks(sql, scope(request)) }),
  );
  app.post(
    "/api/orgs/:orgId/webhooks",
    route({
      summary:
        "Creates a webhook endpoint and returns its `whsec_` signing secret, this once. `events: []` subscribes to every type. Loopback, private and link-local destinations are refused (400).",
      params: OrgParams,
      body: CreateWebhookBody,
      response: { 201: CreatedWebhook, ...write },
    }),
    async (request, reply) =>
      reply
        .status(201)
        .header("cache-control", "no-store")
        .send(await webhooks.createWebhook(sql, scope(request), request.body, settings)),
  );
  app.patch(
    "/api/orgs/:orgId/webhooks/:webhookId",
    route({
      summary: "Changes an endpoint's URL, events, description, or pauses it (`enabled: false`).",
      params: OrgWebhookParams,
      body: WebhookPatchBody,
      response: { 200: WebhookRecord, ...write },
    }),
    async (request) => webhooks.updateWebhook(sql, scope(request), request.body, settings),
  );
  app.delete(
    "/api/orgs/:orgId/webhooks/:webhookId",
    route({
      summary: "Deletes an endpoint and its delivery log.",
      params: OrgWebhookParams,
      response: { 204: NoContent("The endpoint is deleted."), ...read },
    }),
    async (request, reply) => noContent(reply, webhooks.deleteWebhook(sql, scope(request))),
  );
  app.get(
    "/api/orgs/:orgId/webhooks/:webhookId/deliveries",
    route({
      summary: "The endpoint's delivery log, newest first: status, attempts, timing, request and response.",
      params: OrgWebhookParams,
      querystring: DeliveryListQuery,
      response: { 200: DeliveryList, ...read },
    }),
    async (request) => {
      const limit = Math.min(Number(request.query.limit ?? 50) || 50, 100);
      return { deliveries: await webhooks.listDeliveries(sql, scope(request), limit) };
    },
  );
  app.post(
    "/api/orgs/:orgId/webhooks/:webhookId/deliveries/:deliveryId/retry",
    route({
      summary: "Sends a delivery again now (same `webhook-id`, so receivers can dedupe).",
      params: OrgDeliveryParams,
      response: { 202: DeliveryRecord, ...read },
    }),
    async (request, reply) => reply.status(202).send(await webhooks.retryDelivery(sql, scope(request))),
  );
  app.post(
    "/api/orgs/:orgId/webhooks/:webhookId/test",
    route({
      summary: "Sends a `webhook.test` event to this endpoint only; follow it in the delivery log.",
      params: OrgWebhookParams,
      response: { 202: DeliveryRecord, ...read },
    }),
    async (request, reply) => reply.status(202).send(await webhooks.sendTestEvent(sql, scope(request))),
  );
};
