import { Button, Center, Loader, Modal, Stack, Text } from "@mantine/core";
import { IconPrinter } from "@tabler/icons-react";
import type { QrCodeState } from "./useQrCode";
import { QrCodePicture } from "./QrCodePicture";
import classes from "./Calculator.module.css";

interface QrCodeModalProps {
  opened: boolean;
  onClose: () => void;
  code: string;
  link: string;
  qrCode: QrCodeState;
  onPrint: () => void;
}

/** The deep link as a QR code, for another phone to scan. */
export function QrCodeModal({ opened, onClose, code, link, qrCode, onPrint }: QrCodeModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={`QR code for ${code}`}
      centered
      size="auto"
      closeButtonProps={{ "aria-label": "Close QR code" }}
    >
      <Stack align="center" gap="sm">
        {qrCode.picture ? (
          <QrCodePicture picture={qrCode.picture} link={link} />
        ) : qrCode.failed ? (
          <Text c="red">The QR code could not be drawn. Copy the link instead.</Text>
        ) : (
          <Center h={222} w={222}>
            <Loader aria-label="Drawing the QR code" />
          </Center>
        )}
        <Text size="sm" c="dimmed" ta="center" maw={300}>
          Scanning it opens this code in the Technician Toolbox:
        </Text>
        <Text size="sm" ta="center" className={classes.link}>
          {link}
        </Text>
        <Button variant="default" leftSection={<IconPrinter size={16} />} onClick={onPrint}>
          Print code sheet
        </Button>
      </Stack>
    </Modal>
  );
}
