import { inject, injectable } from 'inversify';
import { parseKeyFile, X509Error, type KeyMaterial } from '@gwsim/x509';
import { DomainError } from '../../../../shared/domain/DomainError.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import type { SbaService } from '../domain/SbaService.js';
import { ChangeSbaService } from './ChangeSbaService.js';

/** Reads an uploaded PEM, DER or PKCS#12 file; a wrong password or garbage is a 400 naming the field. */
export function readSbaKeyFile(content: Buffer, password: string | undefined): KeyMaterial {
  try {
    return parseKeyFile(content, password);
  } catch (error) {
    if (!(error instanceof X509Error)) throw error;
    if (error.code === 'WRONG_PASSWORD' || error.code === 'PASSWORD_REQUIRED') {
      throw DomainError.invalid('SBA_FILE_PASSWORD', `${error.message}; nothing was changed`, [
        { field: 'password', rule: 'opensFile', message: 'password must open the uploaded file' },
      ]);
    }
    throw DomainError.invalid(
      'SBA_FILE_INVALID',
      `the uploaded file is not a usable key or certificate file (PEM, DER or PKCS#12 .p12/.pfx): ${error.message}; nothing was changed`,
      [{ field: 'file', rule: 'keyFile', message: error.message }],
    );
  }
}

/** sba/privateKey/set and sba/certificate/set: the file's key or certificate, checked against each other. */
@injectable()
export class UploadSbaKeyMaterial {
  constructor(@inject(ChangeSbaService) private readonly change: ChangeSbaService) {}

  async privateKey(lab: LabId, content: Buffer, password: string | undefined): Promise<SbaService> {
    const material = readSbaKeyFile(content, password);
    return (await this.change.execute(lab, (service) => service.setPrivateKey(material))).value;
  }

  async certificate(lab: LabId, content: Buffer, password: string | undefined): Promise<SbaService> {
    const material = readSbaKeyFile(content, password);
    return (await this.change.execute(lab, (service) => service.setCertificate(material))).value;
  }
}
