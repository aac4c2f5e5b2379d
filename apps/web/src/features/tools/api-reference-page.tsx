import {
  Accordion,
  Alert,
  Anchor,
  Badge,
  Code,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { openApiDocument } from '@portal/contract/reference/calls';
import { toolsScreenText } from '@portal/contract/tools/messages';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useDeferredValue, useMemo, useState } from 'react';
import { failureText, request } from '../../app/api.ts';
import { t } from '../../app/language.ts';
import { Page } from '../../ui/page.tsx';

/**
 * The API reference: the portal's own OpenAPI document (GET /api/openapi.json), listed
 * by area with each call's access rule, parameters, body, answer and failures. A compact page of
 * our own rather than Scalar or Redoc: those need Node 22 to build or load code and fonts the CSP
 * (script-src 'self') is there to refuse (docs/decisions/020-openapi.md).
 */

interface Operation {
  method: string;
  path: string;
  operationId: string;
  summary: string;
  tag: string;
  description: string;
  security: Array<Record<string, unknown>>;
  parameters: Array<{ name: string; in: string; schema?: unknown; example?: unknown }>;
  body?: { schema: unknown; example: unknown };
  answer?: { schema: unknown; example: unknown };
  failures: string[];
}

interface MediaType {
  schema?: unknown;
  example?: unknown;
}
interface RawOperation {
  operationId: string;
  summary?: string;
  tags?: string[];
  description?: string;
  security?: Array<Record<string, unknown>>;
  parameters?: Operation['parameters'];
  requestBody?: { content: Record<string, MediaType> };
  responses: Record<string, { content?: Record<string, MediaType>; $ref?: string }>;
}
interface Document {
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, RawOperation>>;
  components: { responses: Record<string, { description: string }> };
}

async function loadDocument(): Promise<Document> {
  const res = await request(openApiDocument.method, openApiDocument.path, undefined, false);
  if (!res.ok) throw new Error(t(toolsScreenText).apiDocumentFailed(res.status));
  return (await res.json()) as Document;
}

function operationsOf(doc: Document): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      operationId: op.operationId,
      summary: op.summary ?? '',
      tag: op.tags?.[0] ?? 'other',
      description: (op.description ?? '').replace(/\*\*/g, ''),
      security: op.security ?? [],
      parameters: op.parameters ?? [],
      body: op.requestBody?.content['application/json'] as Operation['body'],
      answer: op.responses['200']?.content?.['application/json'] as Operation['answer'],
      failures: Object.keys(op.responses).filter((s) => s !== '200'),
    })),
  );
}

const json = (value: unknown) => JSON.stringify(value, null, 2);

function CallDetails({ op, failures }: { op: Operation; failures: Document['components']['responses'] }) {
  const token = op.security.some((s) => 'bearer' in s);
  const m = t(toolsScreenText);
  return (
    <Stack gap="xs">
      <Text size="sm" lang="en">
        {op.description}
      </Text>
      <Text size="sm">
        {token ? m.sendToken : m.noToken}
        {op.method === 'POST' && token ? m.idempotency : ''}
      </Text>
      {op.parameters.length > 0 && (
        <Table withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{m.colParameter}</Table.Th>
              <Table.Th>{m.colIn}</Table.Th>
              <Table.Th>{m.colSchema}</Table.Th>
              <Table.Th>{m.colExample}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {op.parameters.map((p) => (
              <Table.Tr key={`${p.in}:${p.name}`}>
                <Table.Td>{p.name}</Table.Td>
                <Table.Td>{p.in}</Table.Td>
                <Table.Td>
                  <Code>{JSON.stringify(p.schema)}</Code>
                </Table.Td>
                <Table.Td>{String(p.example ?? '')}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {op.body && (
        <>
          <Text fw={600} size="sm">
            {m.requestBody}
          </Text>
          <Code block>{json(op.body.example)}</Code>
          <Code block>{json(op.body.schema)}</Code>
        </>
      )}
      {op.answer && (
        <>
          <Text fw={600} size="sm">
            {m.answerBody}
          </Text>
          <Code block>{json(op.answer.example)}</Code>
          <Code block>{json(op.answer.schema)}</Code>
        </>
      )}
      <Text fw={600} size="sm">
        {m.failures}
      </Text>
      <Stack gap={2}>
        {op.failures.map((status) => (
          <Text key={status} size="sm">
            <Badge variant="light" mr="xs">
              {status}
            </Badge>
            <span lang="en">{responsesText(failures, status)}</span>
          </Text>
        ))}
      </Stack>
    </Stack>
  );
}

const FAILURE_NAMES: Record<string, string> = {
  '400': 'Invalid',
  '401': 'Unauthenticated',
  '403': 'Forbidden',
  '404': 'NotFound',
  '409': 'Conflict',
  '413': 'TooLarge',
  '422': 'Refused',
  '429': 'RateLimited',
  '500': 'Internal',
  '503': 'Unavailable',
};
const responsesText = (failures: Document['components']['responses'], status: string) =>
  (failures[FAILURE_NAMES[status] ?? ''] ?? { description: '' }).description.replace(/`/g, '');

/** The API document: generated once per server start, so read once per visit. */
export const documentQuery = queryOptions({
  queryKey: [openApiDocument.path],
  queryFn: loadDocument,
  staleTime: Infinity,
});

export default function ApiReferencePage() {
  const doc = useQuery(documentQuery);
  const [search, setSearch] = useState('');
  // Only the open call's details are rendered: the document describes over a hundred calls.
  const [open, setOpen] = useState<string | null>(null);
  const query = useDeferredValue(search.trim().toLowerCase());
  const operations = useMemo(() => (doc.data ? operationsOf(doc.data) : []), [doc.data]);
  const shown = operations.filter(
    (op) => !query || `${op.method} ${op.path} ${op.summary} ${op.tag}`.toLowerCase().includes(query),
  );
  const tags = [...new Set(shown.map((op) => op.tag))];
  const m = t(toolsScreenText);

  return (
    <Page title={m.apiTitle} width={1000}>
      {doc.isPending && <Loader />}
      {doc.isError && <Alert color="red">{failureText(doc.error)}</Alert>}
      {doc.data && (
        <Stack>
          {/* The OpenAPI document's texts stay English (docs/languages.md): `lang` tells screen readers so. */}
          <Text size="sm" lang="en">
            {doc.data.info.description?.replace(/`/g, '')}
          </Text>
          <Group>
            <Anchor href={openApiDocument.path} target="_blank" rel="noopener noreferrer">
              {m.apiDocumentLink(doc.data.info.version)}
            </Anchor>
            <Text size="sm" c="dimmed">
              {m.apiCalls(operations.length)}
            </Text>
          </Group>
          <TextInput
            label={m.searchCalls}
            placeholder={m.searchPlaceholder}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
          />
          {tags.map((tag) => (
            <Stack key={tag} gap="xs">
              <Text fw={700} tt="capitalize" lang="en">
                {tag}
              </Text>
              <Accordion variant="separated" chevronPosition="left" value={open} onChange={setOpen}>
                {shown
                  .filter((op) => op.tag === tag)
                  .map((op) => (
                    <Accordion.Item key={op.operationId} value={op.operationId}>
                      <Accordion.Control>
                        <Group gap="sm" wrap="nowrap">
                          <Badge color={op.method === 'GET' ? 'blue.9' : 'teal.9'} miw={60}>
                            {op.method}
                          </Badge>
                          <Code>{op.path}</Code>
                          <Text size="sm" lang="en">
                            {op.summary}
                          </Text>
                        </Group>
                      </Accordion.Control>
                      <Accordion.Panel>
                        {open === op.operationId && (
                          <CallDetails op={op} failures={doc.data.components.responses} />
                        )}
                      </Accordion.Panel>
                    </Accordion.Item>
                  ))}
              </Accordion>
            </Stack>
          ))}
        </Stack>
      )}
    </Page>
  );
}
