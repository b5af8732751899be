import { Button } from 'primereact/button';
import { useEffect, useRef, useState } from 'react';
import { BarcodeFormat, BrowserMultiFormatOneDReader, type IScannerControls } from '@zxing/browser';
import { DecodeHintType } from '@zxing/library';
import { FORMATO_CHAVE_NFE, lerChaveNfe } from '@ceasa/shared';

/**
 * The phone's camera reading a DANFE's barcode (CODE-128, the 44-character access key, letters in positions 7–20 when
 * the issuer's CNPJ is alphanumeric): the rear camera's picture, read until a code of a key's shape shows, which is handed over and the camera stopped. Loaded only when the clerk asks for it
 * ('Ler com a câmera'), so the barcode library never weighs on the gate's page otherwise.
 */
export default function LeitorCamera({ aoLer, aoFechar }: { aoLer: (chave: string) => void; aoFechar: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [erro, setErro] = useState<string>();
  useEffect(() => {
    const leitor = new BrowserMultiFormatOneDReader(
      new Map<DecodeHintType, unknown>([
        [DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.CODE_128]],
        [DecodeHintType.TRY_HARDER, true],
      ]),
    );
    let parado = false;
    let controles: IScannerControls | undefined;
    leitor
      .decodeFromConstraints({ video: { facingMode: 'environment' } }, video.current!, (r, _e, c) => {
        const chave = r ? lerChaveNfe(r.getText()) : '';
        if (parado || !FORMATO_CHAVE_NFE.test(chave)) return;
        parado = true;
        c.stop();
        aoLer(chave);
      })
      .then((c) => {
        controles = c;
        if (parado) c.stop();
      })
      .catch(() => setErro('Não foi possível abrir a câmera: permita o uso da câmera neste navegador ou digite a chave.'));
    return () => {
      parado = true;
      controles?.stop();
    };
  }, []); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <div className="leitor-camera" data-testid="leitor-camera">
      <video ref={video} muted playsInline aria-label="Imagem da câmera: aponte para o código de barras da DANFE" />
      {erro ? (
        <small className="p-error" role="alert">
          {erro}
        </small>
      ) : (
        <small className="muted" role="status">
          Aponte a câmera para o código de barras da DANFE.
        </small>
      )}
      <Button type="button" label="Fechar câmera" icon="pi pi-times" size="small" outlined onClick={aoFechar} />
    </div>
  );
}
