import { sessionScope } from "../session-scope.js";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { NoContent } from "../../contract/fields.js";
import { OrgParams } from "../../contract/params.js";
import { problemResponses } from "../../contract/problem.js";
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
import {
  createWebhook,
  deleteWebhook,
  listDeliveries,
  listWebhooks,
  retryDelivery,
  sendTestEvent,
  updateWebhook,
} from "../../services/webhooks/manage-webhooks.js";
import { webhookSettings, type AppDeps } from "../deps.js";
import { sessionAuth } from "../plugins/session-auth.js";

/** Webhooks of an organization (docs/webhooks.md); every use case needs `org:manage_team`. */
export const webhookRoutes =
  (deps: AppDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    const { sql } = deps;
    const settings = webhookSettings(deps);
    app.addHook("onRequest", sessionAuth(deps));
    const scope = sessionScope;
    const security = [{ session: [] }];
    const tags = ["webhooks"];
    const read = problemResponses(400, 401, 403, 404, 503);
    const write = problemResponses(400, 401, 403, 404, 413, 415, 503);

    app.get(
      "/api/orgs/:orgId/webhooks",
      {
        schema: {
          summary: "Lists the organization's webhook endpoints (never their secrets).",
          params: OrgParams,
          tags,
          security,
          response: { 200: WebhookList, ...read },
        },
      },
      async (request) => ({ webhooks: await listWebhooks(sql, scope(request)) }),
    );
    app.post(
      "/api/orgs/:orgId/webhooks",
      {
        schema: {
          summary:
            "Creates a webhook endpoint and returns its `whsec_` signing secret, this once. `events: []` subscribes to every type. Loopback, private and link-local destinations are refused (400).",
          params: OrgParams,
          body: CreateWebhookBody,
          tags,
          security,
          response: { 201: CreatedWebhook, ...write },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .header("cache-control", "no-store")
          .send(await createWebhook(sql, scope(request), request.body, settings)),
    );
    app.patch(
      "/api/orgs/:orgId/webhooks/:webhookId",
      {
        schema: {
          summary: "Changes an endpoint's URL, events, description, or pauses it (`enabled: false`).",
          params: OrgWebhookParams,
          body: WebhookPatchBody,
          tags,
          security,
          response: { 200: WebhookRecord, ...write },
        },
      },
      async (request) => updateWebhook(sql, scope(request), request.body, settings),
    );
    app.delete(
      "/api/orgs/:orgId/webhooks/:webhookId",
      {
        schema: {
          summary: "Deletes an endpoint and its delivery log.",
          params: OrgWebhookParams,
          tags,
          security,
          response: { 204: NoContent("The endpoint is deleted."), ...read },
        },
      },
      async (request, reply) => {
        await deleteWebhook(sql, scope(request));
        return reply.status(204).send();
      },
    );
    app.get(
      "/api/orgs/:orgId/webhooks/:webhookId/deliveries",
      {
        schema: {
          summary: "The endpoint's delivery log, newest first: status, attempts, timing, request and response.",
          params: OrgWebhookParams,
          querystring: DeliveryListQuery,
          tags,
          security,
          response: { 200: DeliveryList, ...read },
        },
      },
      async (request) => ({
        deliveries: await listDeliveries(sql, scope(request), Math.min(Number(request.query.limit ?? 50) || 50, 100)),
      }),
    );
    app.post(
      "/api/orgs/:orgId/webhooks/:webhookId/deliveries/:deliveryId/retry",
      {
        schema: {
          summary: "Sends a delivery again now (same `webhook-id`, so receivers can dedupe).",
          params: OrgDeliveryParams,
          tags,
          security,
          response: { 202: DeliveryRecord, ...read },
        },
      },
      async (request, reply) => reply.status(202).send(await retryDelivery(sql, scope(request))),
    );
    app.post(
      "/api/orgs/:orgId/webhooks/:webhookId/test",
      {
        schema: {
          summary: "Sends a `webhook.test` event to this endpoint only; follow it in the delivery log.",
          params: OrgWebhookParams,
          tags,
          security,
          response: { 202: DeliveryRecord, ...read },
        },
      },
      async (request, reply) => reply.status(202).send(await sendTestEvent(sql, scope(request))),
    );
  };
