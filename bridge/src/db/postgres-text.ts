import {
  OperationNodeTransformer,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type PrimitiveValueListNode,
  type QueryId,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
  type ValueNode,
} from 'kysely';

/** PostgreSQL's text cannot hold U+0000 (SQLite's can). */
// eslint-disable-next-line no-control-regex -- NUL is what is looked for.
const NUL = /\u0000/g;

function withoutNul(value: unknown): unknown {
  return typeof value === 'string' && value.includes('\u0000') ? value.replace(NUL, '\uFFFD') : value;
}

class NulReplacer extends OperationNodeTransformer {
  protected override transformValue(node: ValueNode, queryId?: QueryId): ValueNode {
    return super.transformValue({ ...node, value: withoutNul(node.value) }, queryId);
  }

  protected override transformPrimitiveValueList(node: PrimitiveValueListNode, queryId?: QueryId): PrimitiveValueListNode {
    return super.transformPrimitiveValueList({ ...node, values: node.values.map(withoutNul) }, queryId);
  }
}

/**
 * Text bound for PostgreSQL with U+0000 in it (a hostile page's content, an id in a URL with %00) has each NUL
 * replaced by U+FFFD, as an HTML parser reads it, instead of the server refusing the statement (22021, a 500): a page
 * is stored, an id that cannot exist is not found, as on SQLite.
 */
export class PostgresTextPlugin implements KyselyPlugin {
  private readonly replacer = new NulReplacer();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.replacer.transformNode(args.node, args.queryId);
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}
