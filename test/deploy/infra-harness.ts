import { join } from "node:path";
import { ROOT } from "@winnow/functions/tools/bundle";

/**
 * Runs sst.config.ts's `app()` and `run()` against stand-ins for the SST globals, recording every component with the
 * arguments infra/ gives it. No Pulumi, no AWS: what it shows is what infra/ asks SST for (names, links, timeouts,
 * routes, outputs), which is where a deployment goes wrong first; how SST turns that into resources is SST's part.
 */

export interface Recorded {
  type: string;
  name: string;
  args: any;
}

export interface Route {
  key: string;
  /** The function built for the route, or the one an ARN handler names. */
  fn: Recorded;
  byArn: boolean;
}

export interface Subscription {
  queue: string;
  fn: Recorded;
  options: any;
}

export interface InfraRun {
  app: any;
  outputs: Record<string, unknown>;
  components: Recorded[];
  routes: Route[];
  subscriptions: Subscription[];
  /** The value every stand-in secret carries, to look for in outputs and environments. */
  secretValue: string;
}

/** Where a component shows up when linked or named: SST links by component, so the stand-in keeps its name. */
const nameOf = (component: unknown) => (component as { componentName?: string } | null)?.componentName;

export async function runInfra(stage: string): Promise<InfraRun> {
  const components: Recorded[] = [];
  const routes: Route[] = [];
  const subscriptions: Subscription[] = [];
  const secretValue = `secret-value-${Math.random().toString(36).slice(2)}`;
  const functionsByArn = new Map<string, Recorded>();

  const record = (type: string, name: string, args: any) => {
    const entry = { type, name, args };
    components.push(entry);
    return entry;
  };
  const fn = (name: string, args: any) => {
    const entry = record("sst.aws.Function", name, args);
    const arn = `arn:aws:lambda:eu-west-1:123456789012:function:winnow-${stage}-${name}`;
    functionsByArn.set(arn, entry);
    return { componentName: name, name: `winnow-${stage}-${name}`, arn, entry };
  };

  class FunctionStub {
    componentName: string;
    name: string;
    arn: string;
    constructor(name: string, args: any) {
      ({ componentName: this.componentName, name: this.name, arn: this.arn } = fn(name, args));
    }
  }
  class DynamoStub {
    componentName: string;
    name: string;
    constructor(name: string, args: any) {
      record("sst.aws.Dynamo", name, args);
      this.componentName = name;
      this.name = `winnow-${stage}-${name}Table`;
    }
  }
  class QueueStub {
    componentName: string;
    arn: string;
    url: string;
    constructor(name: string, args: any) {
      record("sst.aws.Queue", name, args);
      this.componentName = name;
      this.arn = `arn:aws:sqs:eu-west-1:123456789012:winnow-${stage}-${name}`;
      this.url = `https://sqs.eu-west-1.amazonaws.com/123456789012/winnow-${stage}-${name}`;
    }
    subscribe(handler: any, options: any) {
      const built = fn(`${this.componentName}Subscriber`, handler);
      subscriptions.push({ queue: this.componentName, fn: built.entry, options });
      return { nodes: { function: built } };
    }
  }
  class ApiStub {
    componentName: string;
    url: string;
    constructor(name: string, args: any) {
      record("sst.aws.ApiGatewayV2", name, args);
      this.componentName = name;
      this.url = `https://abc123.execute-api.eu-west-1.amazonaws.com`;
    }
    route(key: string, handler: any, args?: any) {
      if (typeof handler === "string" && handler.startsWith("arn:")) {
        const target = functionsByArn.get(handler);
        if (!target) throw new Error(`route ${key}: no function has ARN ${handler}`);
        routes.push({ key, fn: target, byArn: true });
        return { nodes: { function: { arn: handler } } };
      }
      const built = fn(`${this.componentName}Route${routes.length}Handler`, typeof handler === "string" ? { handler } : handler);
      routes.push({ key, fn: built.entry, byArn: false });
      return { nodes: { function: built }, args };
    }
  }
  class CronStub {
    constructor(name: string, args: any) {
      record("sst.aws.CronV2", name, args);
    }
  }
  class SecretStub {
    componentName: string;
    value = secretValue;
    constructor(name: string, placeholder?: string) {
      record("sst.Secret", name, { placeholder });
      this.componentName = name;
    }
  }
  class InvocationStub {
    constructor(name: string, args: any) {
      record("aws.lambda.Invocation", name, args);
    }
  }

  const globals = globalThis as any;
  globals.$config = (config: unknown) => config;
  globals.$app = { name: "winnow", stage };
  globals.$dev = false;
  globals.$interpolate = (strings: TemplateStringsArray, ...values: unknown[]) =>
    strings.reduce((out, s, i) => out + s + (i < values.length ? String(values[i]) : ""), "");
  globals.sst = { Secret: SecretStub, aws: { Function: FunctionStub, Dynamo: DynamoStub, Queue: QueueStub, ApiGatewayV2: ApiStub, CronV2: CronStub } };
  globals.aws = { lambda: { Invocation: InvocationStub } };

  const config = ((await import(join(ROOT, "sst.config.ts"))) as { default: { app(input: { stage: string }): unknown; run(): Promise<Record<string, unknown>> } }).default;
  const app = await config.app({ stage });
  const outputs = await config.run();
  return { app, outputs, components, routes, subscriptions, secretValue };
}

/** Names of the components a function links (SST grants IAM access and exposes `Resource.<name>` for each). */
export const linksOf = (fn: Recorded): string[] => ((fn.args.link ?? []) as unknown[]).map((c) => nameOf(c) ?? String(c)).sort();
