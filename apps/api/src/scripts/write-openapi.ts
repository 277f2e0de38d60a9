import fs from 'node:fs/promises';
import { generateOpenApi, OPENAPI_FILE } from './openapi.js';

await fs.writeFile(OPENAPI_FILE, await generateOpenApi());
console.log(`wrote ${OPENAPI_FILE}`);
