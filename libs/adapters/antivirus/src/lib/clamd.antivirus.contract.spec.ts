import { ClamdServer, describeAntivirusContract } from '@intake/testing';
import { ClamdAntivirus } from './clamd.antivirus';

describeAntivirusContract('clamd (ClamdServer on loopback)', async () => {
  const clamd = await new ClamdServer().start();
  return {
    antivirus: new ClamdAntivirus({ host: '127.0.0.1', port: clamd.port }),
    unreachable: () => new ClamdAntivirus({ host: '127.0.0.1', port: 1 }),
    teardown: () => clamd.stop(),
  };
});
