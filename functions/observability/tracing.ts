import { Tracer } from '@aws-lambda-powertools/tracer';

/**
 * Powertools Tracer (X-Ray; the functions run with active tracing): AWS SDK clients passed to `traced` record a
 * subsegment per call. Outside Lambda the tracer is disabled and `traced` returns the client unchanged.
 */
export function createTracer(service: string): Tracer {
  return new Tracer({ serviceName: `stammtisch-${service}` });
}

/** The client, its calls traced. @example traced(tracer, runtime.client) */
export function traced<C>(tracer: Tracer, client: C): C {
  return tracer.isTracingEnabled() ? tracer.captureAWSv3Client(client) : client;
}
