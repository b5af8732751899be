import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Message } from 'primereact/message';
import { ProgressSpinner } from 'primereact/progressspinner';
import { useEffect, useRef, useState } from 'react';
import { useToast } from '../../lib/toast';
import './pessoa.css';

/** A clear pt-BR message for what getUserMedia can throw. */
function mensagemErroCamera(e: unknown): string {
  const nome = (e as { name?: string })?.name;
  if (nome === 'NotAllowedError' || nome === 'PermissionDeniedError' || nome === 'SecurityError')
    return 'O acesso à câmera foi negado. Permita o uso da câmera nas configurações do navegador e tente novamente.';
  if (nome === 'NotFoundError' || nome === 'DevicesNotFoundError' || nome === 'OverconstrainedError')
    return 'Nenhuma câmera foi encontrada. Conecte uma câmera e tente novamente.';
  if (nome === 'NotReadableError' || nome === 'TrackStartError' || nome === 'AbortError')
    return 'A câmera está sendo usada por outro programa ou não pôde ser iniciada. Feche o outro programa e tente novamente.';
  const msg = (e as Error)?.message;
  return `Não foi possível acessar a câmera${msg ? `: ${msg}` : '.'}`;
}

const SEM_SUPORTE = 'Este navegador não permite usar a câmera nesta página (é preciso um endereço seguro, HTTPS, ou localhost).';

/** The live camera inside the dialog: mounted when the dialog opens, stops the camera when it closes. */
function Camera({ onCapturada, onCancelar }: { onCapturada: (foto: Blob) => void; onCancelar: () => void }) {
  const toast = useToast();
  const video = useRef<HTMLVideoElement>(null);
  const [erro, setErro] = useState<string | null>(null);
  const [pronta, setPronta] = useState(false);
  const [capturando, setCapturando] = useState(false);

  useEffect(() => {
    let stream: MediaStream | null = null;
    let ativo = true;
    (async () => {
      if (!navigator.mediaDevices?.getUserMedia) {
        setErro(SEM_SUPORTE);
        return;
      }
      try {
        const s = await navigator.mediaDevices.getUserMedia({ video: { width: { ideal: 640 }, height: { ideal: 480 }, facingMode: 'user' }, audio: false });
        if (!ativo) {
          s.getTracks().forEach((t) => t.stop());
          return;
        }
        stream = s;
        if (video.current) {
          video.current.srcObject = s;
          await video.current.play().catch(() => undefined);
        }
      } catch (e) {
        if (!ativo) return;
        const m = mensagemErroCamera(e);
        setErro(m);
        toast.show('error', 'Erro na câmera', m, 5000);
      }
    })();
    return () => {
      ativo = false;
      stream?.getTracks().forEach((t) => t.stop());
      if (video.current) video.current.srcObject = null; // eslint-disable-line react-hooks/exhaustive-deps
    };
  }, [toast]);

  const capturar = () => {
    const v = video.current;
    if (!v || !v.videoWidth) return;
    setCapturando(true);
    const canvas = document.createElement('canvas');
    canvas.width = v.videoWidth;
    canvas.height = v.videoHeight;
    canvas.getContext('2d')!.drawImage(v, 0, 0, canvas.width, canvas.height);
    canvas.toBlob((b) => {
      setCapturando(false);
      if (b) onCapturada(b);
      else toast.show('error', 'Erro na câmera', 'Não foi possível gerar a imagem da foto.');
    }, 'image/png');
  };

  return (
    <div className="camera">
      {erro ? (
        <Message severity="error" text={erro} className="w-full" />
      ) : (
        <div className="camera-video">
          {!pronta && <ProgressSpinner style={{ width: 40, height: 40 }} aria-label="Iniciando a câmera" />}
          <video ref={video} autoPlay playsInline muted aria-label="Imagem da câmera" onLoadedData={() => setPronta(true)} hidden={!pronta} />
        </div>
      )}
      <div className="camera-botoes">
        <Button type="button" label="Capturar" icon="pi pi-camera" onClick={capturar} disabled={!pronta || !!erro} loading={capturando} />
        <Button type="button" label="Cancelar" icon="pi pi-times" outlined onClick={onCancelar} />
      </div>
    </div>
  );
}

/**
 * The person's photo (docs/produto/dados.md 'Person photo'): none → 'Capturar Foto'; captured (sent on
 * submit) → 'Refazer Captura'; existing (loaded from the server) → 'Capturar nova'.
 */
export function FotoPessoa(p: { capturada: Blob | null; existente: Blob | null; carregando?: boolean; onCapturada: (foto: Blob) => void }) {
  const [aberta, setAberta] = useState(false);
  const foto = p.capturada ?? p.existente;
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!foto) {
      setUrl(null);
      return;
    }
    const u = URL.createObjectURL(foto);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [foto]);

  const rotulo = p.capturada ? 'Refazer Captura' : p.existente ? 'Capturar nova' : 'Capturar Foto';
  return (
    <fieldset className="plain-fieldset full foto-pessoa">
      <legend>Foto</legend>
      <div className="foto-conteudo">
        <div className="foto-moldura">
          {p.carregando ? (
            <ProgressSpinner style={{ width: 32, height: 32 }} aria-label="Carregando a foto" />
          ) : url ? (
            <img src={url} alt={p.capturada ? 'Foto capturada' : 'Foto da pessoa'} />
          ) : (
            <span className="muted">
              <i className="pi pi-user" aria-hidden /> Sem foto
            </span>
          )}
        </div>
        <div className="form-stack">
          <Button type="button" label={rotulo} icon="pi pi-camera" outlined onClick={() => setAberta(true)} />
          {p.capturada && <small className="muted">A foto será enviada ao salvar.</small>}
        </div>
      </div>
      <Dialog
        header="Capturar Foto"
        visible={aberta}
        onHide={() => setAberta(false)}
        style={{ width: '40rem' }}
        breakpoints={{ '640px': '100vw' }}
        dismissableMask={false}
      >
        {aberta && (
          <Camera
            onCancelar={() => setAberta(false)}
            onCapturada={(b) => {
              p.onCapturada(b);
              setAberta(false);
            }}
          />
        )}
      </Dialog>
    </fieldset>
  );
}
