/**
 * The yardstick of the public load case (bench/publico.ts): a bare Fastify hello-world on loopback, in
 * its own process like the product's server. Prints 'pronto' once it listens on PORT.
 */
import Fastify from 'fastify';

const app = Fastify();
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('pronto');
